import { BUILTIN_ADAPTERS } from '../subjects/builtins.ts';
import { BROKEN_POLICY_PRUNERS } from '../subjects/policy/broken/index.ts';
import { POLICY_ADAPTERS } from '../subjects/policy/index.ts';
import { installCommand, libraryStatus, type FindInstalled } from '../subjects/policy/PrunerLibrary.ts';
import { VARIANT_CHOICES } from '../subjects/variants/index.ts';
import { ZOO_EXPECTATIONS } from '../subjects/zoo/index.ts';
import { INVARIANT_IDS, INVARIANTS } from '../model/invariants.ts';
import type { InvariantId } from '../model/invariants.ts';
import { jsonText } from '../util/writeReport.ts';
import type { Command } from './Command.ts';
import { parseOptions } from './parseOptions.ts';

/** One built-in adapter as `prunecheck list` shows it. */
export interface ListedAdapter {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  /**
   * `reference` passes everything; a `variant` makes choices spec/SPEC.md §7 leaves open otherwise and passes too;
   * `zoo` members break one invariant on purpose; `baseline` runtimes break many.
   */
  readonly kind: 'reference' | 'variant' | 'zoo' | 'baseline';
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
      kind: adapter.name === 'reference' ? 'reference' : VARIANT_CHOICES[adapter.name] !== undefined ? 'variant' : breaks === undefined ? 'baseline' : 'zoo',
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
  /** The npm libraries it imports (tested `version`) and the version installed, `null` when missing. */
  readonly libraries: readonly { readonly name: string; readonly version: string; readonly installed: string | null }[];
  /** The subpath export to import it from in your own tests. */
  readonly module?: string;
  /** Set when a library is missing: the command that installs the missing ones at the tested versions. */
  readonly install?: string;
}

export function listedPolicyAdapters(find?: FindInstalled): ListedPolicyAdapter[] {
  return POLICY_ADAPTERS.map((entry) => {
    const breaks = BROKEN_POLICY_PRUNERS.filter((b) => b.adapter.name === entry.name).map((b) => b.caughtBy);
    const libraries = libraryStatus(entry.libraries, find).map((l) => ({ name: l.name, version: l.version, installed: l.installed ?? null }));
    const missing = libraries.filter((l) => l.installed === null);
    return {
      name: entry.name,
      package: entry.package,
      ecosystem: entry.ecosystem,
      ...(breaks.length === 0 ? {} : { breaks }),
      libraries,
      ...(entry.module === undefined ? {} : { module: entry.module }),
      ...(missing.length === 0 ? {} : { install: installCommand(missing) }),
    };
  });
}

/** What a policy adapter needs and whether it is there: "needs ai@6.0.325: installed", or the install command. */
function libraryLine(a: ListedPolicyAdapter): string {
  if (a.libraries.length === 0) return a.package;
  const needs = `needs ${a.libraries.map((l) => `${l.name}@${l.version}`).join(', ')}`;
  if (a.install !== undefined) return `${needs}: not installed (${a.install})`;
  const other = a.libraries.filter((l) => l.installed !== l.version).map((l) => `${l.name} ${l.installed ?? ''}`);
  return `${needs}: installed${other.length === 0 ? '' : ` (${other.join(', ')}; tested with the versions named)`}`;
}

export function listText(find?: FindInstalled): string {
  const adapters = listedAdapters();
  const width = Math.max(...adapters.map((a) => a.name.length));
  const lines = ['Built-in adapters (prunecheck check --adapter <name>):', ''];
  for (const a of adapters) {
    const tag = a.kind === 'zoo' ? `[breaks ${a.breaks ?? ''}] ` : a.kind === 'baseline' ? '[baseline] ' : a.kind === 'variant' ? `[legal ${VARIANT_CHOICES[a.name] ?? ''}] ` : '';
    lines.push(`  ${a.name.padEnd(width)}  ${tag}${a.description}`);
  }
  const policy = listedPolicyAdapters(find);
  const policyWidth = Math.max(...policy.map((a) => a.name.length));
  lines.push('', 'Policy-mode adapters (message-list pruners; prunecheck check --adapter <name>):', '');
  for (const a of policy) lines.push(`  ${a.name.padEnd(policyWidth)}  ${a.breaks === undefined ? '' : `[breaks ${a.breaks.join(', ')}] `}${libraryLine(a)}`);
  lines.push('', 'Invariants (spec/SPEC.md):', '');
  for (const id of INVARIANT_IDS) lines.push(`  ${id}  ${INVARIANTS[id]}`);
  lines.push('', "Or pass a path to your own adapter module, or cmd:<command line>; see spec/ADAPTER.md and docs/policy-mode.md.");
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
      process.stdout.write(listText());
    }
    return 0;
  },
};

