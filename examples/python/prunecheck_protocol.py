"""The child side of prunecheck's line protocol 1.1 (spec/PROTOCOL.md), standard library only.

A runtime is served by calling ``serve(info, create)``: ``info`` is the handshake (name, version, capabilities)
and ``create(config)`` answers a fresh runtime object with ``apply(op)``, ``observe(span_id)`` and
``request(signature)``, all taking and answering plain JSON data (dicts, lists, str, numbers, bool, None).

Raise ``ModelError`` for a malformed operation (it is answered as ``misuse`` with its code); any other
exception is answered as an ``internal`` error and its traceback goes to stderr, which prunecheck shows with
the failure. Never print to stdout: stdout carries protocol lines only.

Protocol 1.1 is negotiated in the handshake: a prunecheck that offers it sends each engine step as one ``step``
request (observe before, apply, observe after) and may send a fixed trace as one ``batch``; this module answers
both from the same three methods, and speaks 1.0 to a prunecheck that offers no minor version.
"""

import json
import math
import sys
import traceback

PROTOCOL_VERSION = 1
PROTOCOL_MINOR = 1


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


def after_ids(after, outcome):
    """The ids a ``step`` observes after the operation: ``after``, then those the outcome names (spec/PROTOCOL.md §4.6)."""
    kind = outcome.get("kind") if isinstance(outcome, dict) else None
    if kind == "compacted":
        named = [e.get("spanId") for e in outcome.get("evicted") or []] + list(outcome.get("refused") or [])
    elif kind == "reframed":
        named = list(outcome.get("floored") or []) + list(outcome.get("derivable") or [])
    else:
        return list(after)
    ids = list(after)
    seen = set(ids)
    for span_id in named:
        if isinstance(span_id, str) and span_id not in seen:
            seen.add(span_id)
            ids.append(span_id)
    return ids


class _StepFailure(Exception):
    """The operation of a ``step`` raised: answered as its error, with the observations taken before it."""

    def __init__(self, error, before):
        super().__init__(str(error))
        self.error = error
        self.before = before


def _step(runtime, step):
    before = [runtime.observe(span_id) for span_id in step.get("before") or []]
    try:
        outcome = runtime.apply(step.get("operation"))
    except Exception as error:  # noqa: BLE001 - reported in protocol, as apply's errors are
        raise _StepFailure(error, before) from error
    result = {"before": before, "outcome": outcome, "after": [runtime.observe(span_id) for span_id in after_ids(step.get("after") or [], outcome)]}
    if step.get("request") is not None:
        result["request"] = runtime.request(step["request"])
    return result


def _error_body(error):
    if isinstance(error, _StepFailure):
        return dict(_error_body(error.error), before=error.before)
    if isinstance(error, ModelError):
        return {"kind": "misuse", "code": error.code, "message": str(error)}
    if isinstance(error, _Refusal):
        return {"kind": "internal", "code": error.code, "message": str(error)}
    traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
    return {"kind": "internal", "code": type(error).__name__, "message": str(error)}


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
                offered = params.get("minor")
                result = dict(info, protocol=PROTOCOL_VERSION, minor=min(PROTOCOL_MINOR, offered if isinstance(offered, int) else 0))
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
            elif method == "step":
                _require(runtime)
                result = _step(runtime, params)
            elif method == "batch":
                _require(runtime)
                steps = []
                for step in params.get("steps") or []:
                    try:
                        steps.append(_step(runtime, step))
                    except Exception as error:  # noqa: BLE001 - a batch stops at the first step that fails
                        steps.append({"error": _error_body(error)})
                        break
                result = {"steps": steps}
            elif method == "observe":
                _require(runtime)
                result = [runtime.observe(span_id) for span_id in params.get("spanIds") or []]
            elif method == "request":
                _require(runtime)
                result = runtime.request(params.get("signature"))
            else:
                raise _Refusal("UNKNOWN_METHOD", f"unknown method {method!r}")
            line = encode({"id": request_id, "result": result})
        except Exception as error:  # noqa: BLE001 - misuse, refusal or a failure of the runtime, all in protocol
            line = encode({"id": request_id, "error": _error_body(error)})
        stdout.write(line + "\n")
        stdout.flush()


class _Refusal(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _require(runtime):
    if runtime is None:
        raise _Refusal("NO_EPISODE", "send reset with a config before apply, observe or request")
