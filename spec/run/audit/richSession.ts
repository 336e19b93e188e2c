import { writeFileSync } from 'node:fs';
import seedrandom from 'seedrandom';
import { SIDE_EFFECT_TOOLS } from '../../../src/adapters/policy/toolNames.ts';

// A seeded Claude Code session that gives every audit rule and every applicable policy invariant work, for
// pinnedFindings.test.ts: whatever a speed-up changes in how the audit reads, scans and indexes, the findings
// of this session must stay exactly the same. Each window mixes user turns (plain, with identifiers,
// INSTRUCTION lines), thinking, shell commands of every shape the side-effect rule parses (pipes, chains,
// cd/sudo prefixes, read-only ones, odd whitespace, argument arrays), multi-argument calls with request ids in
// either key order, parallel calls, error results, results full of identifiers (UUIDs, errno names, paths,
// grouped and decimal numbers, URLs), calls left in flight; compactions with and without a preserved segment;
// summaries that keep, drop, quote and invent; and after each compaction questions, denials, re-issued and
// re-derived calls.

type Json = Record<string, unknown>;

const WORDS = 'ledger refund billing report deploy cache index worker schema migration payment invoice customer queue retry'.split(' ');
const ERRORS = ['ENOENT', 'EACCES', 'ECONNRESET', 'E_TIMEOUT_42', 'ERR_LEDGER_4471', 'TS2345', 'E1234', 'PAYMENT_DECLINED_ERROR', 'UTF-8', 'ISO-8601', 'ERR-4471'];
const DIRS = ['src/payments', 'src/ledger', './scripts', '~/config', '/var/log/app', 'spec/fixtures', 'node_modules/@scope/pkg'];
const EXTS = ['ts', 'json', 'md', 'csv', 'log', 'py', 'sh', 'yaml'];

export function writeRichSession(file: string, seed: number, windows: number): void {
  const prng = seedrandom(`rich-session:${seed}`);
  const int = (n: number): number => Math.floor(prng() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number): boolean => prng() < p;
  const lines: string[] = [];
  const base = { sessionId: `rich-${seed}`, version: '2.1.332', cwd: '/work/shop', isSidechain: false, timestamp: '2026-12-03T12:00:00.000Z' };
  let n = 0;
  let parent: string | null = null;
  const record = (r: Json): string => {
    n += 1;
    const uuid = (r['uuid'] as string | undefined) ?? `r${n}`;
    lines.push(JSON.stringify({ ...base, parentUuid: parent, uuid, ...r }));
    parent = uuid;
    return uuid;
  };
  const latest = (): string => parent ?? '';
  const num = (): string => pick([String(100 + int(900)), String(1000 + int(90000)), `${1 + int(9)},${String(int(1000)).padStart(3, '0')},${String(int(1000)).padStart(3, '0')}`, `${int(5000)}.${int(100)}`, String(int(99))]);
  const hex = (k: number): string => Array.from({ length: k }, () => '0123456789abcdef'[int(16)]).join('');
  const reqId = (): string => pick(['req', 'idem', 'txn', 'pay', 'ch'])+ pick(['-', '_']) + hex(6);
  const path = (): string => (chance(0.8) ? `${pick(DIRS)}/${pick(WORDS)}${int(30)}.${pick(EXTS)}` : `${pick(WORDS)}.${pick(EXTS)}`);
  const uuid = (): string => `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;
  const prose = (k: number): string => Array.from({ length: k }, () => pick(WORDS)).join(' ');
  const idText = (): string => {
    const parts = [prose(3 + int(6))];
    for (let i = int(6); i > 0; i -= 1) parts.push(pick([reqId(), pick(ERRORS), path(), num(), uuid(), `https://api.example/${pick(WORDS)}/${num()}?id=${reqId()}`, `${path()},`, `${num()}.`, prose(4)]));
    return parts.join(pick([' ', '  ', '\n', '\t', ', ']));
  };
  const shell = (): unknown =>
    pick<unknown>([
      `ls -la ${pick(DIRS)} | grep ${pick(WORDS)}`,
      `cd repo && npm test -- ${pick(WORDS)}`,
      `sudo systemctl restart ${pick(WORDS)}`,
      `curl -s -X POST https://api.example/refunds?order=${num()}`,
      `cat ${path()}; rm ${path()}`,
      `git status`,
      `  echo   ${pick(WORDS)}\t|| true `,
      `git log --oneline | head -5`,
      `rg ${pick(WORDS)} ${pick(DIRS)} && sed -i s/a/b/ ${path()}`,
      ['bash', '-lc', `python3 scripts/${pick(WORDS)}.py --amount ${num()}`],
      ['npm', 'run', 'build'],
    ]);
  // Calls completed in this window, to re-issue or re-derive after the next compaction.
  let completed: { name: string; input: Json }[] = [];
  let lastSummaryIds: string[] = [];
  let call = 0;
  const toolTurn = (messageId: string): { id: string; name: string; input: Json } => {
    call += 1;
    const id = `toolu_${seed}_${call}`;
    const kind = int(7);
    const rid = reqId();
    const input: Json =
      kind === 0 ? { command: shell(), ...(chance(0.5) ? { description: prose(3) } : {}) }
      : kind === 1 ? (chance(0.5) ? { order: num(), amount: Number(num().replace(/,/g, '')) || 5, request_id: rid } : { request_id: rid, order: num(), amount: 7 })
      : kind === 2 ? { file_path: path(), content: idText() }
      : kind === 3 ? { file_path: path() }
      : kind === 4 ? { to: `${pick(WORDS)}@example.com`, idempotencyKey: rid, body: prose(5) }
      : kind === 5 ? { cmd: shell() }
      : { pattern: pick(WORDS), path: pick(DIRS) };
    const name =
      kind === 0 ? 'Bash' : kind === 1 ? pick([...SIDE_EFFECT_TOOLS, 'mcp__payments__issue_refund']) : kind === 2 ? 'Write' : kind === 3 ? 'Read' : kind === 4 ? 'send_email' : kind === 5 ? 'shell' : 'Grep';
    record({ type: 'assistant', message: { id: messageId, role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
    return { id, name, input };
  };
  const result = (id: string, error = false): void => {
    const content = chance(0.3) ? [{ type: 'text', text: idText() }] : idText();
    record({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, ...(error ? { is_error: true } : {}) }] } });
  };

  for (let w = 0; w < windows; w += 1) {
    const window: string[] = [];
    const done: { name: string; input: Json }[] = [];
    const userSaid: string[] = [];
    for (let t = 8 + int(16); t > 0; t -= 1) {
      const kind = int(10);
      const messageId = `msg_${seed}_${w}_${t}`;
      if (kind === 0) {
        const text = chance(0.3) ? `INSTRUCTION I-${w}-${t}: ${prose(4)} ${reqId()}` : idText();
        userSaid.push(text);
        window.push(record({ type: 'user', message: { role: 'user', content: chance(0.5) ? text : [{ type: 'text', text }] } }));
      } else if (kind === 1) {
        window.push(record({ type: 'assistant', message: { id: messageId, role: 'assistant', content: [{ type: 'thinking', thinking: prose(6), signature: `sig-${hex(8)}` }] } }));
        const c = toolTurn(messageId);
        window.push(latest());
        result(c.id);
        window.push(latest());
        done.push(c);
      } else if (kind === 2) {
        // Two calls in one turn, results in reverse order, one an error.
        const a = toolTurn(messageId);
        const b = toolTurn(messageId);
        result(b.id, chance(0.3));
        result(a.id);
        done.push(a);
      } else if (kind === 3) {
        window.push(record({ type: 'assistant', message: { id: messageId, role: 'assistant', content: [{ type: 'text', text: idText() }] } }));
      } else {
        const c = toolTurn(messageId);
        const error = chance(0.1);
        result(c.id, error);
        window.push(latest());
        if (!error) done.push(c);
      }
    }
    // Sometimes a call is still in flight at the cut.
    if (chance(0.25)) toolTurn(`msg_${seed}_${w}_inflight`);
    const boundary = `b${seed}_${w}`;
    const kept = window.slice(-(1 + int(3)));
    const metadata: Json = { trigger: pick(['auto', 'manual']), preTokens: 100000 + int(50000) };
    if (kept.length > 0 && chance(0.3)) metadata['preservedSegment'] = { headUuid: kept[0], tailUuid: kept[kept.length - 1] };
    else if (kept.length > 0 && chance(0.3)) metadata['preservedMessages'] = { uuids: kept };
    parent = null;
    record({ type: 'system', subtype: 'compact_boundary', uuid: boundary, content: 'Conversation compacted', compactMetadata: metadata });
    const sentences: string[] = [];
    const said = userSaid.length > 0 ? pick(userSaid) : prose(5);
    sentences.push(chance(0.5) ? `The user asked to ${said.split(/\s+/).slice(0, 6).join(' ')}.` : `The user explicitly instructed to ${prose(6)} with ${reqId()}.`);
    if (chance(0.5)) sentences.push(`The user said "${chance(0.5) ? said.slice(0, 30) : prose(4)}".`);
    const lastDone = done.at(-1);
    if (lastDone !== undefined) sentences.push(`The ${lastDone.name} call returned ${chance(0.5) ? JSON.stringify(lastDone.input).slice(0, 40) : `error ${pick(ERRORS)}`}.`);
    if (chance(0.5)) sentences.push(`Files touched: ${path()}, ${path()}. Totals: ${num()}.`);
    if (lastSummaryIds.length > 0 && chance(0.5)) sentences.push(`Earlier: ${lastSummaryIds.slice(0, 2).join(', ')}.`);
    const summaryIds = [reqId(), path(), num()];
    sentences.push(`Carried: ${summaryIds.join(' ')}`);
    lastSummaryIds = summaryIds;
    record({ type: 'user', isCompactSummary: true, message: { role: 'user', content: `<summary>\n${sentences.join('\n- ')}\n</summary>` } });
    // After the cut: questions, denials, re-issues and re-derivations.
    for (let t = 2 + int(5); t > 0; t -= 1) {
      const kind = int(6);
      const messageId = `msg_${seed}_${w}_after_${t}`;
      // Mostly a call of the window just dropped; now and then one of the window before (compacted away earlier).
      const again = done.length > 0 && (completed.length === 0 || chance(0.8)) ? pick(done) : completed.length > 0 ? pick(completed) : undefined;
      if (kind === 0) record({ type: 'assistant', message: { id: messageId, role: 'assistant', content: [{ type: 'text', text: pick(['What was the request id of the last refund?', 'Which error code did the ledger test fail with?', 'Can you give me the file path again?', 'Remind me: what amount was charged?', 'Should I also fix the error handling?']) }] } });
      else if (kind === 1) record({ type: 'assistant', message: { id: messageId, role: 'assistant', content: [{ type: 'text', text: pick([`There is no such request ${reqId()}.`, 'I cannot find the file you mention.', `The error code ${pick(ERRORS)} does not exist in the logs.`, 'No record of that command.']) }] } });
      else if (kind === 2 && again !== undefined) {
        call += 1;
        const id = `toolu_${seed}_${call}`;
        // The same call again, its keys in another order.
        const input = Object.fromEntries(Object.entries(again.input).reverse());
        record({ type: 'assistant', message: { id: messageId, role: 'assistant', content: [{ type: 'tool_use', id, name: again.name, input }] } });
        result(id);
      } else if (kind === 3 && again !== undefined) {
        call += 1;
        const id = `toolu_${seed}_${call}`;
        // One argument changed: a fresh request id (re-derived), or another argument beside the same request id.
        const input: Json = { ...again.input };
        const keys = Object.keys(input);
        const idKey = keys.find((k) => /request|idempotency/i.test(k));
        const key = idKey !== undefined && chance(0.5) ? idKey : keys.find((k) => k !== idKey);
        if (key !== undefined) input[key] = key === idKey ? reqId() : chance(0.5) ? num() : path();
        record({ type: 'assistant', message: { id: messageId, role: 'assistant', content: [{ type: 'tool_use', id, name: again.name, input }] } });
        result(id);
      } else {
        const c = toolTurn(messageId);
        result(c.id);
      }
    }
    completed = done;
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}
