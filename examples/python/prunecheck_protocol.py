"""The child side of prunecheck's line protocol v1 (spec/PROTOCOL.md), standard library only.

A runtime is served by calling ``serve(info, create)``: ``info`` is the handshake (name, version, capabilities)
and ``create(config)`` answers a fresh runtime object with ``apply(op)``, ``observe(span_id)`` and
``request(signature)``, all taking and answering plain JSON data (dicts, lists, str, numbers, bool, None).

Raise ``ModelError`` for a malformed operation (it is answered as ``misuse`` with its code); any other
exception is answered as an ``internal`` error and its traceback goes to stderr, which prunecheck shows with
the failure. Never print to stdout: stdout carries protocol lines only.
"""

import json
import math
import sys
import traceback

PROTOCOL_VERSION = 1


class ModelError(Exception):
    """Misuse in the sense of spec/SPEC.md §2: a malformed operation, refused with a stable code."""

    def __init__(self, code, operation, message):
        super().__init__(f"{operation}: {message}")
        self.code = code


def _revive(obj):
    # {"$float": "Infinity"} is how a non-finite number travels (spec/PROTOCOL.md §3).
    if len(obj) == 1 and "$float" in obj:
        tag = obj["$float"]
        if tag in ("Infinity", "-Infinity", "NaN"):
            return float(tag.replace("Infinity", "inf").replace("NaN", "nan"))
    return obj


def _tag_floats(value):
    if isinstance(value, float) and not math.isfinite(value):
        return {"$float": "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")}
    if isinstance(value, dict):
        return {key: _tag_floats(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_tag_floats(item) for item in value]
    return value


def encode(value):
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except ValueError:
        return json.dumps(_tag_floats(value), separators=(",", ":"), allow_nan=False)


def decode(line):
    return json.loads(line, object_hook=_revive)


def serve(info, create, stdin=None, stdout=None):
    """Answers requests from stdin until it closes. ``info`` may set ``reset`` to False to be respawned per run."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    runtime = None
    while True:
        raw = stdin.readline()
        if not raw:
            return
        if not raw.strip():
            continue
        request = decode(raw.decode("utf-8"))
        request_id = request.get("id")
        method = request.get("method")
        params = request.get("params") or {}
        try:
            if method == "hello":
                if params.get("protocol") != PROTOCOL_VERSION:
                    raise _Refusal("VERSION_MISMATCH", f"this runtime speaks protocol {PROTOCOL_VERSION}, not {params.get('protocol')!r}")
                result = dict(info, protocol=PROTOCOL_VERSION)
                result.setdefault("reset", True)
            elif method == "reset":
                runtime = create(params.get("config") or {})
                result = {}
            elif method == "apply":
                _require(runtime)
                outcome = runtime.apply(params.get("operation"))
                ids = params.get("observe")
                result = {"outcome": outcome}
                if ids is not None:
                    result["observations"] = [runtime.observe(span_id) for span_id in ids]
            elif method == "observe":
                _require(runtime)
                result = [runtime.observe(span_id) for span_id in params.get("spanIds") or []]
            elif method == "request":
                _require(runtime)
                result = runtime.request(params.get("signature"))
            else:
                raise _Refusal("UNKNOWN_METHOD", f"unknown method {method!r}")
            line = encode({"id": request_id, "result": result})
        except ModelError as error:
            line = encode({"id": request_id, "error": {"kind": "misuse", "code": error.code, "message": str(error)}})
        except _Refusal as error:
            line = encode({"id": request_id, "error": {"kind": "internal", "code": error.code, "message": str(error)}})
        except Exception as error:  # the runtime failed: report it in protocol, traceback to stderr
            traceback.print_exc(file=sys.stderr)
            line = encode({"id": request_id, "error": {"kind": "internal", "code": type(error).__name__, "message": str(error)}})
        stdout.write(line + "\n")
        stdout.flush()


class _Refusal(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _require(runtime):
    if runtime is None:
        raise _Refusal("NO_EPISODE", "send reset with a config before apply, observe or request")
