import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

// The session npm run bench:audit audits (issue 23), also audited at a smaller size by
// spec/run/audit/pinnedFindings.test.ts so a speed-up cannot change what the bench session's audit finds.
// A Claude Code session: tool calls with results that carry request ids, error codes, paths and numbers, a
// compaction (compact_boundary and summary) every `windowKb`, and after each compaction a question for
// something dropped. Deterministic: no random choice.

/** Writes the session: about `mb` megabytes, a compaction every `windowKb` kilobytes; answers the compactions written. */
export async function writeBenchSession(file: string, mb: number, windowKb: number): Promise<number> {
  const out = createWriteStream(file);
  const write = async (record: unknown): Promise<number> => {
    const line = `${JSON.stringify(record)}\n`;
    if (!out.write(line)) await once(out, 'drain');
    return line.length;
  };
  const base = { sessionId: 'bench', version: '2.1.0', cwd: '/work', isSidechain: false, timestamp: '2026-12-03T12:00:00.000Z' };
  let bytes = 0;
  let n = 0;
  let window = 0;
  let compactions = 0;
  const filler = 'lorem ipsum dolor sit amet '.repeat(80);
  while (bytes < mb * 1024 * 1024) {
    n += 1;
    const id = `toolu_${n}`;
    const req = `req_${(n * 7919).toString(36)}`;
    const tool = n % 5 === 0 ? 'Read' : 'Bash';
    const input = tool === 'Read' ? { file_path: `src/module${n % 97}/file${n}.ts` } : { command: `curl -s -X POST https://api.example/refunds?order=${1000 + n}` };
    let w = 0;
    w += await write({ ...base, type: 'assistant', uuid: `a${n}`, parentUuid: `u${n - 1}`, message: { id: `msg_${n}`, role: 'assistant', content: [{ type: 'tool_use', id, name: tool, input }] } });
    w += await write({ ...base, type: 'user', uuid: `u${n}`, parentUuid: `a${n}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `{"request_id":"${req}","error":"E_TIMEOUT_${n % 600}","path":"billing/ledger/${n}.csv","amount":${n}.95} ${filler}` }] } });
    bytes += w;
    window += w;
    if (window >= windowKb * 1024) {
      compactions += 1;
      bytes += await write({ ...base, type: 'system', subtype: 'compact_boundary', uuid: `b${compactions}`, parentUuid: null, compactMetadata: { trigger: 'auto', preTokens: 150000 } });
      bytes += await write({ ...base, type: 'user', uuid: `s${compactions}`, parentUuid: `b${compactions}`, isCompactSummary: true, message: { role: 'user', content: `Summary: the user asked for refunds of orders up to ${1000 + n}. The last call returned error E_TIMEOUT_${n % 600}. The user asked to keep going.` } });
      bytes += await write({ ...base, type: 'assistant', uuid: `q${compactions}`, parentUuid: `s${compactions}`, message: { id: `mq${compactions}`, role: 'assistant', content: [{ type: 'text', text: 'What was the request id of the last refund?' }] } });
      window = 0;
    }
  }
  out.end();
  await once(out, 'finish');
  return compactions;
}
