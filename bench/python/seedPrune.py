"""A plain Python sketch of seed 000's `prune`, timed on the content prunecheck's bench hands it.

Transcribed from /work/shared/seeds/000_36edec7d51f0595b.txt (the incident record's Python listing): the
`ContextProjectionError`, `Span` and `ContextWindow` classes and `ContextWindow.prune`, line for line (its
unknown-span check, its derived-span check, the sha256 of the content's UTF-8 bytes as hex, the digest
comparison with an earlier tombstone, the tombstone record, the deletion). `assert_complete_for` is left out:
the loop never calls it. Standard library only.

Usage: python3 seedPrune.py <input.json>
Input: {"ids": [...], "contents": [...], "order": [id, ...], "warmup": W, "rounds": R,
        "policyVersion": "...", "score": 0.5}
`order` names the spans to prune by id, as strings of their own (equal to the window's keys, not the same
objects), as ids parsed from a model's output are; the reference is handed its ids the same way.
Each round builds a fresh window of every span (untimed), collects garbage (untimed), then times the loop that
prunes the spans in `order`, nothing else: CPU time of this process (time.process_time_ns) and wall time
(time.perf_counter_ns). The first W rounds are warm-up and not reported.
Output (stdout): {"python": version, "cpuNsPerPrune": [...], "wallNsPerPrune": [...], "prunes": n}
"""

import gc
import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from typing import Optional


class ContextProjectionError(RuntimeError):
    """Raised when a pruning operation would destroy provenance or re-summarize a derived span."""


@dataclass
class Span:
    span_id: str
    content: str
    is_derived: bool = False  # True if this span is itself a summary
    derivation_chain: tuple = ()  # span_ids this span was derived from
    tombstone_ref: Optional[str] = None


@dataclass
class ContextWindow:
    spans: dict = field(default_factory=dict)
    tombstone_store: dict = field(default_factory=dict)  # external, keyed by span_id

    def prune(self, span_id: str, policy_version: str, score: float) -> None:
        span = self.spans.get(span_id)
        if span is None:
            raise ContextProjectionError(f"unknown span {span_id}")
        # Invariant 1: a derived span must not be silently re-summarized.
        if span.is_derived and not span.derivation_chain:
            raise ContextProjectionError(
                f"span {span_id} is derived but has no derivation chain; "
                "re-summarizing would launder provenance"
            )
        # Invariant 2: eviction must leave an external tombstone, never an in-window one.
        digest = hashlib.sha256(span.content.encode()).hexdigest()
        if span_id in self.tombstone_store and self.tombstone_store[span_id]["digest"] != digest:
            raise ContextProjectionError(
                f"tombstone digest mismatch for {span_id}: content mutated since last eviction"
            )
        self.tombstone_store[span_id] = {
            "digest": digest,
            "policy_version": policy_version,
            "score": score,
            "derivation_chain": span.derivation_chain,
        }
        del self.spans[span_id]


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: python3 seedPrune.py <input.json>\n")
        return 2
    with open(argv[1], encoding="utf-8") as handle:
        spec = json.load(handle)
    ids = spec["ids"]
    contents = spec["contents"]
    order = spec["order"]
    policy_version = spec["policyVersion"]
    score = spec["score"]
    cpu = []
    wall = []
    for round_number in range(spec["warmup"] + spec["rounds"]):
        window = ContextWindow(spans={span_id: Span(span_id, content) for span_id, content in zip(ids, contents)})
        gc.collect()
        # The bound method once, outside the loop: the sketch's fastest plain form (the comparison's harder side).
        prune = window.prune
        wall0 = time.perf_counter_ns()
        cpu0 = time.process_time_ns()
        for span_id in order:
            prune(span_id, policy_version, score)
        cpu1 = time.process_time_ns()
        wall1 = time.perf_counter_ns()
        if len(window.spans) != len(ids) - len(order):
            raise SystemExit("seedPrune.py: the loop did not prune every span it was given")
        if round_number >= spec["warmup"]:
            cpu.append((cpu1 - cpu0) / len(order))
            wall.append((wall1 - wall0) / len(order))
        del window
    json.dump({"python": sys.version.split()[0], "cpuNsPerPrune": cpu, "wallNsPerPrune": wall, "prunes": len(order)}, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
