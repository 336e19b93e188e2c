import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './faults.ts';

/** A module under src/ as an import specifier a written adapter module can use. */
const src = (path: string): string => JSON.stringify(pathToFileURL(join(ROOT, 'src', ...path.split('/'))).href);

/**
 * Writes `<dir>/<name>.mts`: an adapter module whose `create` makes a `ReferenceRuntime` as `rt` (every operation and
 * invariant claimed) and then runs `body`, which returns the system. For the supervised-boundary tests, which check
 * a module as a user writes one, in its supervised process and in-process.
 */
export function referenceModuleWith(dir: string, name: string, body: string): string {
  const file = join(dir, `${name}.mts`);
  writeFileSync(
    file,
    `import { ReferenceRuntime } from ${src('model/ReferenceRuntime.ts')};
import { OPERATION_KINDS } from ${src('model/Operation.ts')};
import { RUNTIME_INVARIANT_IDS } from ${src('model/invariants.ts')};
export default {
  name: ${JSON.stringify(name)}, version: '1.0.0', capabilities: { operations: OPERATION_KINDS, invariants: RUNTIME_INVARIANT_IDS },
  create(config) {
    const rt = new ReferenceRuntime(config);
    ${body}
  },
};
`,
  );
  return file;
}
