#!/usr/bin/env python3
"""A correct runtime that makes the choices spec/SPEC.md §7 leaves open its own way.

The reference model is one legal runtime, not the definition. This one differs from it wherever the spec lets
it, and prunecheck must find it conformant all the same:

- C-1: a span that is both derivable and backed by a live copy leaves reversibly (the reference: as derivable);
- C-2: compaction takes its candidates newest first among equal scores (the reference: oldest first);
- C-4: backing-store handles are opaque log offsets, ``log:00001000`` (the reference: ``bs://<id>#<n>``), and the
  gap marker names ``log:index-archive`` (the reference: ``gap://index``);
- C-5: a lossy marker reads "[gone] <id> ..." in its own words.

    npx prunecheck check --adapter 'cmd:python3 examples/python/variant_runtime.py'   # conformant, exit 0
"""

from correct_runtime import INFO, BackingStore, Runtime, StoreEntry
from prunecheck_protocol import serve


class LogOffsetStore(BackingStore):
    def put(self, span_id, content):
        self.counter += 1
        entry = StoreEntry(span_id, f"log:{self.counter * 4096:08x}", content, self.latest.get(span_id))
        self.by_handle[entry.handle] = entry
        self.latest[span_id] = entry
        return entry.handle


class OwnChoices(Runtime):
    def __init__(self, config):
        super().__init__(config)
        self.store = LogOffsetStore(self.store.distinguishes_absent)

    def gate(self, span, accept_lossy):
        decision = super().gate(span, accept_lossy)
        check = decision[2]
        if decision[1] == "derivable" and check["existence"] and check["addressable"] and check["provenance"]:
            return ("evict", "reversible", check)
        return decision

    def gap_pointer(self):
        return "log:index-archive"

    def compaction_order(self, candidates):
        return sorted(candidates, key=lambda s: (s.score, -s.appended_at))

    def evict(self, span, mode, check, deferred=None):
        outcome = super().evict(span, mode, check, deferred)
        marker = self.window.entry(span.id) if deferred is None else deferred.get(span.id)
        if marker is not None and marker["kind"] == "lossy":
            marker["text"] = f"[gone] {span.id} was pruned for good; what it said is unknown"
        return outcome


if __name__ == "__main__":
    serve(dict(INFO, name="python-variant", description="Makes the choices SPEC.md §7 leaves open its own way (C-1, C-2, C-4, C-5)"), OwnChoices)
