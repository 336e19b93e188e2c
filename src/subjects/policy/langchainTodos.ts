import { todoListMiddleware } from 'langchain';
import type { PolicyTodo } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';

type WriteTodos = { invoke(call: { id: string; name: string; args: unknown; type: 'tool_call' }): Promise<{ update?: { todos?: PolicyTodo[] } }> };

/**
 * langchain's todoListMiddleware, as createAgent (and a deep agent) runs it: each `write_todos` call in the
 * incoming messages goes through the middleware's own tool, and the `todos` of the Command it returns become
 * the agent state's todo list, outside `state.messages` (INV-26).
 */
export function createTodoState(): { apply(incoming: readonly PolicyMessage[]): Promise<void>; readonly todos: readonly PolicyTodo[] } {
  const tool = (todoListMiddleware().tools ?? [])[0] as unknown as WriteTodos;
  let todos: readonly PolicyTodo[] = [];
  return {
    async apply(incoming) {
      for (const m of incoming) {
        if (m.role !== 'assistant') continue;
        for (const call of m.toolCalls ?? []) {
          if (call.name !== 'write_todos') continue;
          const command = await tool.invoke({ id: call.id, name: call.name, args: call.args, type: 'tool_call' });
          todos = command.update?.todos ?? todos;
        }
      }
    },
    get todos() {
      return todos;
    },
  };
}
