import { BUILTIN_ADAPTERS } from '../adapters/builtins.ts';
import { ZOO_EXPECTATIONS } from '../adapters/zoo/index.ts';
import { INVARIANT_IDS, INVARIANTS } from '../model/invariants.ts';
import type { InvariantId } from '../model/invariants.ts';
import { jsonText } from '../report/writeReport.ts';
import type { Command } from './Command.ts';
import { parseOptions } from './parseOptions.ts';

/** One built-in adapter as `prunecheck list` shows it. */
export interface ListedAdapter {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  /** `reference` passes everything; `zoo` members break one invariant on purpose; `baseline` runtimes break many. */
  readonly kind: 'reference' | 'zoo' | 'baseline';
  /** For zoo members: the invariant their one deviation breaks. */
  readonly breaks?: InvariantId;
}

export function listedAdapters(): ListedAdapter[] {
  return BUILTIN_ADAPTERS.map((adapter) => {
    const breaks = ZOO_EXPECTATIONS[adapter.name];
    return {
      name: adapter.name,
      version: adapter.version,
      description: adapter.description ?? '',
      kind: adapter.name === 'reference' ? 'reference' : breaks === undefined ? 'baseline' : 'zoo',
      ...(breaks === undefined ? {} : { breaks }),
    };
  });
}

function text(): string {
  const adapters = listedAdapters();
  const width = Math.max(...adapters.map((a) => a.name.length));
  const lines = ['Built-in adapters (prunecheck check --adapter <name>):', ''];
  for (const a of adapters) {
    const tag = a.kind === 'zoo' ? `[breaks ${a.breaks ?? ''}] ` : a.kind === 'baseline' ? '[baseline] ' : '';
    lines.push(`  ${a.name.padEnd(width)}  ${tag}${a.description}`);
  }
  lines.push('', 'Invariants (spec/SPEC.md):', '');
  for (const id of INVARIANT_IDS) lines.push(`  ${id}  ${INVARIANTS[id]}`);
  lines.push('', "Or pass a path to your own adapter module, or cmd:<command line>; see spec/ADAPTER.md.");
  return `${lines.join('\n')}\n`;
}

export const listCommand: Command = {
  name: 'list',
  summary: 'list the built-in adapters (with the invariant each broken one breaks) and the invariants',
  usage: 'Usage: prunecheck list [--json]\n\nLists the built-in adapters and the invariants of spec/SPEC.md. --json prints them as JSON.',
  async run(argv) {
    const { values } = parseOptions('list', argv, { json: { type: 'boolean' } });
    if (values.json === true) {
      process.stdout.write(jsonText({ adapters: listedAdapters(), invariants: INVARIANT_IDS.map((id) => ({ id, rule: INVARIANTS[id] })) }));
    } else {
      process.stdout.write(text());
    }
    return 0;
  },
};

