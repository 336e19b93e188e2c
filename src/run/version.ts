import { readFileSync } from 'node:fs';

/** prunecheck's own version, from package.json: written into reports and counterexamples. */
export const PRUNECHECK_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
