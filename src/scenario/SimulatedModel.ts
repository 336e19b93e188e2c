import seedrandom from 'seedrandom';
import type { Fabrication, ModelSpec } from './Scenario.ts';

/** What the gist summarizer reads of a source span. */
export interface SummarySource {
  readonly id: string;
  readonly content: string;
  readonly gist: string | undefined;
}

/**
 * The simulated model of a scenario, deterministic from one seed (seedrandom):
 * - a relevance scorer: declared relevance plus seeded noise; its own summaries score `summaryRelevance`
 *   (relevance drifting toward self-authored summaries, seed 000);
 * - a gist summarizer that keeps what a span is about and drops exact identifiers (seed 000 turn 55, seed 001
 *   step 4, seed 002 turn N);
 * - a fabricating summarizer: a summary whose sources include a `fabricate.about` span gains a causal claim
 *   about it that the sources do not support (seed 000 turn 120);
 * - a reconstructor that, given no evidence, picks a plausible value (seed 001 step 9).
 */
export class SimulatedModel {
  private readonly random: () => number;
  private readonly spec: ModelSpec;

  constructor(seed: number, spec: ModelSpec) {
    this.random = seedrandom(String(seed));
    this.spec = spec;
  }

  /** A score for a span whose declared relevance is `relevance` (or uniform in [lo, hi]). */
  score(relevance: number | readonly [number, number]): number {
    const base = typeof relevance === 'number' ? relevance : relevance[0] + this.random() * (relevance[1] - relevance[0]);
    const noisy = base + this.spec.jitter * (this.random() * 2 - 1);
    return Math.round(Math.max(0, noisy) * 1000) / 1000;
  }

  summaryScore(): number {
    return this.spec.summaryRelevance;
  }

  /** A summary of `sources`: each one's gist with identifiers stripped, plus any fabricated claim. */
  summarize(sources: readonly SummarySource[], label: string): string {
    const gists = sources.map((s) => stripIdentifiers(s.gist ?? s.content)).filter((g) => g !== '');
    const unique = [...new Set(gists)];
    const parts = [`Summary of ${label}: ${unique.slice(0, 4).join('; ')}${unique.length > 4 ? '; …' : ''}.`];
    for (const fabrication of this.fabricationsFor(sources)) parts.push(`The agent ${fabrication.claim}.`);
    return parts.join(' ');
  }

  /** The causal claims the fabricating summarizer adds to a summary of `sourceIds`. */
  fabricationsFor(sources: readonly { readonly id: string }[]): Fabrication[] {
    return (this.spec.fabricate ?? []).filter((f) => sources.some((s) => s.id === f.about));
  }

  /** With no evidence left, the model reconstructs a plausible value instead of reporting the gap. */
  reconstruct(candidates: readonly string[]): string {
    return candidates[Math.floor(this.random() * candidates.length)] as string;
  }
}

/**
 * Drops exact identifiers: request ids, quoted names, snake_case and dotted names, numbers with units, and
 * anything with digits. Keeps the words that say what happened.
 */
export function stripIdentifiers(text: string): string {
  return text
    .replace(/"[^"]*"|'[^']*'/g, '')
    .split(/\s+/)
    .filter((word) => word !== '' && !/\d/.test(word) && !/[a-z]_[a-z]/i.test(word) && !/\w\.\w/.test(word) && !/^[A-Z]{2,}$/.test(word.replace(/[^A-Za-z]/g, '')))
    .join(' ')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/[,;:]\s*$/, '')
    .trim();
}
