import { looksLikeModulePath } from '../adapters/importAdapterModule.ts';
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
