"""The correct Python runtime, except that its summarizer fails: on the first summarize the process exits
(``exit``, the default) or stops answering (``hang``).

A purpose-built faulty child for the engine tests: the fault must surface as a finding at the summarize step
(ADAPTER-ERROR for the exit, TIMEOUT for the hang) with the counterexample saved and this stderr shown, not as
a crash or a hang of prunecheck.
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "examples", "python"))

from correct_runtime import INFO, Runtime  # noqa: E402
from prunecheck_protocol import serve  # noqa: E402

MODE = sys.argv[1] if len(sys.argv) > 1 else "exit"


class FaultySummarizer(Runtime):
    def op_summarize(self, op):
        if MODE == "hang":
            sys.stderr.write("summarizer: waiting for the model to answer (simulated hang)\n")
            sys.stderr.flush()
            time.sleep(3600)
        sys.stderr.write("fatal: summarizer lost its model connection (simulated)\n")
        sys.stderr.flush()
        os._exit(70)


if __name__ == "__main__":
    serve(dict(INFO, name=f"python-summarizer-{MODE}"), FaultySummarizer)
