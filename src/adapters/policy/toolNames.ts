// The tool vocabulary of generated conversations, shared by the generator that writes them and the facts read
// off them (conversationFacts.ts), which the checks and prunecheck's own pruners both use.
/** Tools the generated agent calls. The first three have side effects and carry a `request_id`. */
export const SIDE_EFFECT_TOOLS = ['issue_refund', 'send_email', 'charge_card'] as const;
export const READ_ONLY_TOOLS = ['read_log'] as const;
export type ToolName = (typeof SIDE_EFFECT_TOOLS)[number] | (typeof READ_ONLY_TOOLS)[number];
/** Tools that change the agent's own state, which a library may keep outside the list (INV-26). */
export const AGENT_STATE_TOOLS = ['write_todos', 'task'] as const;
