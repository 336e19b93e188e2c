import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditSessions } from '../../../src/run/audit/auditSessions.ts';
import type { AuditFinding } from '../../../src/check/audit/AuditFinding.ts';

// Sessions written by the real agents against the scripted mock model (spec/fixtures/sessions/real/README.md),
// each with a manifest saying where the plant sits. The test reads the manifests, never hard-coded lines.
const REAL = join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'real');

interface Place {
  readonly line?: number;
  readonly recordId?: string;
}
type Manifest = Record<string, any>;

/** Where the manifest says the compaction, the re-issued call and the question for the dropped id are. */
function places(m: Manifest): { compaction: Place; reissue: Place; ask: Place } {
  const c = m['compaction'] ?? {};
  const compaction: Place =
    c.boundary !== undefined ? { line: c.boundary.line, recordId: c.boundary.uuid }
    : c.summaryMessage !== undefined ? { recordId: c.summaryMessage.id }
    : { line: c.line, ...(c.id !== undefined ? { recordId: c.id } : c.summaryMessageId !== undefined ? { recordId: c.summaryMessageId } : {}) };
  const call = m['planted'].reissuedCall;
  const after = call.after ?? call.calls[call.calls.length - 1];
  const ask = m['planted'].askForDroppedId;
  return {
    compaction,
    reissue: after.line !== undefined ? { line: after.line } : { recordId: after.messageId },
    ask: ask.line !== undefined ? { line: ask.line } : ask.linesContaining !== undefined ? { line: ask.linesContaining[0] } : { recordId: ask.messageId },
  };
}

const at = (place: Place) => (ref: { line: number; recordId?: string }): boolean => (place.line === undefined || ref.line === place.line) && (place.recordId === undefined || ref.recordId === place.recordId);

const agents = existsSync(REAL) ? readdirSync(REAL).filter((d) => existsSync(join(REAL, d, 'manifest.json'))) : [];

describe.skipIf(agents.length === 0)('prunecheck audit on sessions real agents recorded', () => {
  it('holds sessions of at least two real agents', () => {
    expect(agents.length).toBeGreaterThanOrEqual(2);
  });

  for (const agent of agents) {
    it(`${agent}: finds the planted drop, fabrication and re-issue at the compaction the manifest names`, async () => {
      const manifest = JSON.parse(readFileSync(join(REAL, agent, 'manifest.json'), 'utf8')) as Manifest;
      const file = join(REAL, agent, manifest['sessionFile'] as string);
      const report = await auditSessions([file]);
      expect(report.sessions).toHaveLength(1);
      // Claude Code, Codex and opencode record their own version; pi records its format version, gemini-cli none.
      const recorded = report.sessions[0]?.agentVersion;
      if (recorded !== undefined && !recorded.startsWith('session format')) expect(recorded).toBe(String(manifest['version']));
      const chain = manifest['chain']?.secondCompaction;
      expect(report.compactions).toBe(chain === undefined ? 1 : 2);
      const { compaction, reissue, ask } = places(manifest);
      const ofRule = (rule: string): AuditFinding[] => report.findings.filter((f) => f.rule === rule);
      const planted = manifest['planted'];

      // The re-issue is structural: found whatever the summary is.
      const reissued = ofRule('reissued-side-effect');
      expect(reissued, JSON.stringify(report.findings.map((f) => f.rule))).toHaveLength(1);
      expect(at(compaction)(reissued[0]!.compaction)).toBe(true);
      expect(reissued[0]!.evidence.some((e) => at(reissue)(e.at) && e.label.startsWith('re-issued'))).toBe(true);

      if (manifest['compaction'].opaque !== undefined) {
        // An encrypted summary cannot be read: the rules that read it do not run (issue 23).
        expect(report.sessions[0]?.compactions[0]?.summary).toBe('opaque');
        expect(ofRule('dropped-identifier')).toEqual([]);
        expect(ofRule('fabricated-attribution')).toEqual([]);
        return;
      }

      const drop = ofRule('dropped-identifier');
      expect(drop).toHaveLength(1);
      expect(at(compaction)(drop[0]!.compaction)).toBe(true);
      expect(drop[0]!.because[0]).toContain(planted.droppedIdentifier.value);
      expect(drop[0]!.evidence.some((e) => at(ask)(e.at))).toBe(true);

      // Found once, at the compaction that invented it; a later summary restating it is judged against the first.
      const fabricated = ofRule('fabricated-attribution');
      expect(fabricated).toHaveLength(1);
      expect(at(compaction)(fabricated[0]!.compaction)).toBe(true);
      expect(fabricated[0]!.evidence[0]?.quote).toBe(planted.fabricatedInstruction.text);

      if (chain !== undefined) {
        const lost = ofRule('summary-chain');
        expect(lost).toHaveLength(1);
        const second: Place = chain.boundary !== undefined ? { line: chain.boundary.line, recordId: chain.boundary.uuid } : { line: chain.line, recordId: chain.id };
        expect(second.line).toBeTypeOf('number');
        expect(at(second)(lost[0]!.compaction)).toBe(true);
      }

      // The identifiers the summary kept are not reported as lost.
      for (const kept of [planted.droppedIdentifier.alsoInResult.errorCode, planted.droppedIdentifier.alsoInResult.path]) {
        expect(report.findings.some((f) => f.rule === 'dropped-identifier' && f.because.join(' ').includes(kept))).toBe(false);
      }
    });
  }
});
