import { findBuiltin } from '../subjects/builtins.ts';
import { looksLikeModulePath } from '../adapters/importAdapterModule.ts';
import { findPolicyAdapter } from '../subjects/policy/index.ts';
import { shellQuote } from '../util/shellQuote.ts';
import { hasControlCharacters, terminalText } from '../util/terminalText.ts';

/**
 * A counterexample file names the adapter it was found with (`adapterRef`): a built-in's name, a module path, or a
 * `cmd:` command line. A shared file is data, so replaying it must not run code nobody asked for: only a built-in
 * runs by name alone; a module or a command runs only when the user names an adapter (`--adapter`) or says to
 * trust the file (`--trust`). Exit 2 at the command line.
 */
export class UntrustedAdapterError extends Error {
  override readonly name = 'UntrustedAdapterError';
  /** `CONTROL_CHARACTERS`: the reference holds characters a terminal acts on, so even `--trust` refuses it. */
  readonly code: 'UNTRUSTED_ADAPTER' | 'CONTROL_CHARACTERS';
  readonly adapterRef: string;

  constructor(file: string, adapterRef: string) {
    const what = adapterRef.startsWith('cmd:') ? 'a command' : looksLikeModulePath(adapterRef) ? 'a module' : 'not a built-in adapter';
    const hidden = hasControlCharacters(adapterRef);
    super(
      hidden
        ? `${terminalText(file)} names adapter ${shellQuote(adapterRef)} (its adapterRef, shown escaped), which holds control characters: a terminal would show ` +
            `another ${what === 'a command' ? 'command' : 'path'} than the one that would run, so prunecheck never runs it, not even with --trust. Read the file, and pass --adapter with the adapter you mean`
        : `${terminalText(file)} was recorded with adapter ${shellQuote(adapterRef)} (its adapterRef), which is ${what}: replaying it would run code named by a file. ` +
            `prunecheck runs only code you name: pass --adapter ${shellQuote(adapterRef)} to run it (or --adapter <another adapter>), or --trust to run what the file names`,
    );
    this.code = hidden ? 'CONTROL_CHARACTERS' : 'UNTRUSTED_ADAPTER';
    this.adapterRef = adapterRef;
  }
}

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
