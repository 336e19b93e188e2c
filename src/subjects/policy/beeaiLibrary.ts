import { register } from 'node:module';

/*
 * beeai-framework 0.1.30 imports the Zod 3 API (`ZodEffects`, internals/helpers/schema.js) from the bare
 * specifier 'zod', which it does not declare (zod is only its devDependency). Next to Zod 4 (prunecheck's, and
 * what @langchain/core, deepagents and @llamaindex/core depend on) every beeai module fails to load. Zod 3.25 and
 * later ship the Zod 3 API as 'zod/v3' (zod-to-json-schema, a beeai dependency, imports it from there), so a
 * resolve hook sends beeai's own 'zod' imports to 'zod/v3'; nothing else is redirected. An installed zod older
 * than 3.25 is the Zod 3 API itself and stays as it is.
 */
const ZOD_V3_HOOK = `export async function resolve(specifier, context, next) {
  if (specifier === 'zod' && typeof context.parentURL === 'string' && context.parentURL.includes('/node_modules/beeai-framework/')) {
    try { return await next('zod/v3', context); } catch { /* zod before 3.25: 'zod' is the v3 API */ }
  }
  return next(specifier, context);
}`;

let hooked = false;

/** Sends beeai-framework's undeclared 'zod' imports to the Zod 3 API ('zod/v3'); once per process. */
export function resolveBeeaiZod(): void {
  if (hooked) return;
  hooked = true;
  register(`data:text/javascript,${encodeURIComponent(ZOD_V3_HOOK)}`);
}

async function load() {
  resolveBeeaiZod();
  const [message, chat, tokenMemory, slidingMemory, summarizeMemory] = await Promise.all([
    import('beeai-framework/backend/message'),
    import('beeai-framework/backend/chat'),
    import('beeai-framework/memory/tokenMemory'),
    import('beeai-framework/memory/slidingMemory'),
    import('beeai-framework/memory/summarizeMemory'),
  ]);
  return { ...message, ChatModelOutput: chat.ChatModelOutput, TokenMemory: tokenMemory.TokenMemory, SlidingMemory: slidingMemory.SlidingMemory, SummarizeMemory: summarizeMemory.SummarizeMemory };
}

/** The beeai-framework classes the adapters use, imported once (after the zod hook is in place). */
export type Beeai = Awaited<ReturnType<typeof load>>;

let loading: Promise<Beeai> | undefined;

export function beeai(): Promise<Beeai> {
  loading ??= load();
  return loading;
}
