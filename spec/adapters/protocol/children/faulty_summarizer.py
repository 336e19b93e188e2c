"""The correct Python runtime, except that its summarizer dies: the process exits on the first summarize.

A purpose-built faulty child for the engine test: the fault must surface as an ADAPTER-ERROR finding at the
summarize step, with the counterexample saved and this stderr shown, not as a crash of prunecheck.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "examples", "python"))

from correct_runtime import INFO, Runtime  # noqa: E402
from prunecheck_protocol import serve  # noqa: E402


class CrashesOnSummarize(Runtime):
    def op_summarize(self, op):
        sys.stderr.write("fatal: summarizer lost its model connection (simulated)\n")
        sys.stderr.flush()
        os._exit(70)


if __name__ == "__main__":
    serve(dict(INFO, name="python-crash-on-summarize"), CrashesOnSummarize)
