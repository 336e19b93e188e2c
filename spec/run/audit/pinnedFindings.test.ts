import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBenchSession } from '../../../bench/auditSessionFile.ts';
import type { RecordRef } from '../../../src/adapters/sessions/SessionEvent.ts';
import { auditSessions } from '../../../src/run/audit/auditSessions.ts';
import { writeRichSession } from './richSession.ts';

// The findings of generated sessions, pinned before the audit was made faster (issue 23's throughput target):
// every finding whole (rule, compaction, reasons, evidence), every compaction's counts and survival. A change
// that makes the audit faster must leave these exactly as they are; a change of what a rule finds updates the
// pinned files on purpose (vitest -u) and says so in its commit.
const dir = mkdtempSync(join(tmpdir(), 'prunecheck-pinned-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PINNED = join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'pinned');

const ref = (at: RecordRef): RecordRef => ({ ...at, file: basename(at.file) });

async function pinned(file: string): Promise<string> {
  const report = await auditSessions([file]);
  const session = report.sessions[0];
  const view = {
    compactions: session?.compactions.map((c) => ({ ...c, at: ref(c.at) })),
    survival: report.survival,
    messages: session?.messages,
    lines: session?.lines,
    findings: report.findings.map((f) => ({ ...f, compaction: ref(f.compaction), evidence: f.evidence.map((e) => ({ ...e, at: ref(e.at) })) })),
  };
  return `${JSON.stringify(view, null, 2)}\n`;
}

describe('audit findings of generated sessions stay as pinned', () => {
  it('the bench session at 4 MB, a compaction every 600 KB (as npm run bench:audit writes it)', async () => {
    const file = join(dir, 'bench.jsonl');
    await writeBenchSession(file, 4, 600);
    const text = await pinned(file);
    expect(text).toContain('"rule": "dropped-identifier"');
    await expect(text).toMatchFileSnapshot(join(PINNED, 'bench-4mb.json'));
  });

  it('the bench session at 3 MB, a compaction every 150 KB', async () => {
    const file = join(dir, 'bench-small-windows.jsonl');
    await writeBenchSession(file, 3, 150);
    await expect(await pinned(file)).toMatchFileSnapshot(join(PINNED, 'bench-3mb-150kb.json'));
  });

  for (const seed of [1, 2, 3]) {
    it(`a seeded session that gives every rule work (seed ${seed}, 40 compactions)`, async () => {
      const file = join(dir, `rich-${seed}.jsonl`);
      writeRichSession(file, seed, 40);
      const text = await pinned(file);
      await expect(text).toMatchFileSnapshot(join(PINNED, `rich-seed-${seed}.json`));
    });
  }

  it('the seeded sessions reach every audit rule and the policy invariants a recording can break', async () => {
    const rules = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const file = join(dir, `rich-${seed}.jsonl`);
      writeRichSession(file, seed, 40);
      for (const f of (await auditSessions([file])).findings) rules.add(f.rule);
    }
    expect([...rules].sort()).toEqual(expect.arrayContaining(['dropped-identifier', 'fabricated-attribution', 'reissued-side-effect', 'summary-chain']));
  });
});
