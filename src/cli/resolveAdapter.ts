// Moved to src/adapters/resolveAdapter.ts, where the public checkAdapter() shares it with the CLI.
export { resolveAdapter, type ResolvedAdapter } from '../adapters/resolveAdapter.ts';
