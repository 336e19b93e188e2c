"""A nondeterministic runtime for the replay test: the first process started with a given counter file trusts
the model's claimSafe (the bug of examples/python/broken_runtime.py); every later process is correct. A check
finds INV-03 in the first process; a replay starts a new one, behaves, and must be reported as diverged.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "examples", "python"))

from broken_runtime import TrustsTheModel  # noqa: E402
from correct_runtime import INFO, Runtime  # noqa: E402
from prunecheck_protocol import serve  # noqa: E402

with open(sys.argv[1], "a+", encoding="utf-8") as counter:
    counter.write("x")
    counter.seek(0)
    first = len(counter.read()) == 1

if __name__ == "__main__":
    serve(dict(INFO, name="python-flaky"), TrustsTheModel if first else Runtime)
