#!/usr/bin/env python3
"""A runtime with one realistic bug, for prunecheck to catch: it trusts the model.

When a prune directive carries the model's own "safe to drop" claim (``claimSafe``), this runtime skips the
backing-store check and evicts the span as reversible, as if a copy existed. After a log rotation there is no
copy: the span is gone, its marker says nothing is lost, and a later lookup cannot bring it back. That is the
rotated-log identifier loss of seed 002, and it breaks INV-03 ("the model's own claim that a span is safe to
drop MUST NOT upgrade a lossy commitment to a reversible one").

    npx prunecheck check --adapter 'cmd:python3 examples/python/broken_runtime.py'   # exits 1 with INV-03
"""

from correct_runtime import INFO, Runtime
from prunecheck_protocol import serve


class TrustsTheModel(Runtime):
    def op_prune(self, op):
        span = self.window.resident.get(op["spanId"])
        if span is not None and op.get("claimSafe") is True:
            # The bug: the model's assertion is taken as proof that the span can be re-expanded.
            return self.evict(span, "reversible", self.backing_check(span))
        return super().op_prune(op)


if __name__ == "__main__":
    serve(dict(INFO, name="python-broken", description="Trusts the model's claimSafe instead of checking the store (INV-03)"), TrustsTheModel)
