/** An adapter could not be loaded or does not honour the contract (spec/ADAPTER.md). CLI exit code 2. */
export class AdapterLoadError extends Error {
  override readonly name = 'AdapterLoadError';
  readonly code: 'UNKNOWN_ADAPTER' | 'MODULE_NOT_FOUND' | 'BAD_ADAPTER' | 'IMPORT_FAILED' | 'MISSING_LIBRARY';

  constructor(code: AdapterLoadError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
