import { findBuiltin } from '../subjects/builtins.ts';
import { looksLikeModulePath } from '../adapters/importAdapterModule.ts';
import { findPolicyAdapter } from '../subjects/policy/index.ts';
import { hasControlCharacters } from '../util/terminalText.ts';
import { UntrustedAdapterError } from './UntrustedAdapterError.ts';

// Its own module, so that the CLI's exit codes know it without loading the built-in registries.
export { UntrustedAdapterError };

/** Whether an adapter reference names an adapter prunecheck ships (runtime or policy mode), not code from elsewhere. */
export function isBuiltinRef(ref: string): boolean {
  return !namesCode(ref) && (findBuiltin(ref) !== undefined || findPolicyAdapter(ref) !== undefined);
}

/** Whether loading an adapter reference runs code from outside prunecheck: a module path, or a command (`cmd:…`). */
export function namesCode(ref: string): boolean {
  return /^[a-z]+:/i.test(ref) || looksLikeModulePath(ref);
}

/**
 * Throws `UntrustedAdapterError` when the file's adapter is code (a module or a command) and `trust` was not
 * given, and whenever the reference holds control characters (`\r`, ESC…): what a terminal shows of it is not
 * what would run, so no flag makes it run. A bare name loads nothing but a built-in (an unknown one is an
 * unknown-adapter error, as ever).
 */
export function assertMayLoad(file: string, adapterRef: string, trust: boolean): void {
  if (hasControlCharacters(adapterRef) || (!trust && namesCode(adapterRef))) throw new UntrustedAdapterError(file, adapterRef);
}
