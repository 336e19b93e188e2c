import { BUILTIN_ADAPTERS } from '../adapters/builtins.ts';
import { BROKEN_POLICY_PRUNERS } from '../adapters/policy/broken/index.ts';
import { POLICY_ADAPTERS } from '../adapters/policy/index.ts';
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

/** A built-in policy-mode adapter (a message-list pruner); listed without loading its library. */
export interface ListedPolicyAdapter {
  readonly name: string;
  readonly package: string;
  /** A real npm package under test, as opposed to prunecheck's own pruners. */
  readonly ecosystem: boolean;
  /** For prunecheck's deliberately broken pruners: the invariants they are caught by. */
  readonly breaks?: readonly InvariantId[];
}

export function listedPolicyAdapters(): ListedPolicyAdapter[] {
  return POLICY_ADAPTERS.map((entry) => {
    const breaks = BROKEN_POLICY_PRUNERS.filter((b) => b.adapter.name === entry.name).map((b) => b.caughtBy);
    return { name: entry.name, package: entry.package, ecosystem: entry.ecosystem, ...(breaks.length === 0 ? {} : { breaks }) };
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
  const policy = listedPolicyAdapters();
  const policyWidth = Math.max(...policy.map((a) => a.name.length));
  lines.push('', 'Policy-mode adapters (message-list pruners; prunecheck check --adapter <name>):', '');
  for (const a of policy) lines.push(`  ${a.name.padEnd(policyWidth)}  ${a.breaks === undefined ? '' : `[breaks ${a.breaks.join(', ')}] `}${a.package}`);
  lines.push('', 'Invariants (spec/SPEC.md):', '');
  for (const id of INVARIANT_IDS) lines.push(`  ${id}  ${INVARIANTS[id]}`);
  lines.push('', "Or pass a path to your own adapter module, or cmd:<command line>; see spec/ADAPTER.md.");
  return `${lines.join('\n')}\n`;
}

export const listCommand: Command = {
  name: 'list',
  summary: 'list the built-in adapters (with the invariant each broken one breaks) and the invariants',
  usage: 'Usage: prunecheck list [--json]\n\nLists the built-in adapters (runtime and policy mode) and the invariants of spec/SPEC.md. --json prints them as JSON.',
  async run(argv) {
    const { values } = parseOptions('list', argv, { json: { type: 'boolean' } });
    if (values.json === true) {
      process.stdout.write(jsonText({ adapters: listedAdapters(), policyAdapters: listedPolicyAdapters(), invariants: INVARIANT_IDS.map((id) => ({ id, rule: INVARIANTS[id] })) }));
    } else {
      process.stdout.write(text());
    }
    return 0;
  },
};

