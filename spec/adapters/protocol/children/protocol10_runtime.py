"""The correct Python runtime as a child that speaks only protocol 1.0: it answers hello without a minor version
and refuses ``step`` and ``batch`` as unknown methods, as every child written before 1.1 does. prunecheck must
drive it as 1.0 (observe, apply, observe) and judge it exactly as before.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "examples", "python"))

import prunecheck_protocol  # noqa: E402
from correct_runtime import INFO, Runtime  # noqa: E402


def _unknown(_runtime, _step):
    raise prunecheck_protocol._Refusal("UNKNOWN_METHOD", "this runtime speaks protocol 1.0: no step or batch")


prunecheck_protocol.PROTOCOL_MINOR = 0
prunecheck_protocol._step = _unknown

if __name__ == "__main__":
    prunecheck_protocol.serve(dict(INFO, name="python-protocol-10"), Runtime)
