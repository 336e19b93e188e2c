#!/usr/bin/env python3
"""A pruning runtime that follows spec/SPEC.md §3-4, in Python with the standard library only.

It is a port of prunecheck's reference model (src/model) and passes the suite:

    npx prunecheck check --adapter 'cmd:python3 examples/python/correct_runtime.py'

The runtime class is usable on its own; running this file serves it over the line protocol (spec/PROTOCOL.md).
JavaScript semantics the reference relies on are kept where they are observable: token counts use UTF-16
code units, digests hash UTF-8 with lone surrogates replaced, and object keys iterate integer-like keys first.
"""

import hashlib
import math
import re

from prunecheck_protocol import ModelError, serve

DEFAULT_SCORE = 0.5
DEFAULT_MARKER_TOKENS = 15  # INV-29, D-22: what one in-window index entry costs, seed 002's "~15 tokens"
GAP_POINTER = "gap://index"  # the external record the gap marker names (D-26)
OPERATIONS = ["append", "persist", "rotate", "overwrite", "edit", "prune", "summarize", "reframe", "compact", "restore",
              "lookup", "claim", "callTool", "setVersion"]
# INV-16…INV-26 are policy mode's (message-list compactors); a runtime claims INV-01…INV-15 and INV-27 on.
INVARIANTS = [f"INV-{n:02d}" for n in list(range(1, 16)) + [27, 28, 29]]
INF = math.inf


# --- JavaScript semantics the reference depends on -------------------------------------------------------

def utf16_length(text):
    return len(text) if text.isascii() else len(text.encode("utf-16-le", "surrogatepass")) // 2


def estimate_tokens(content):
    return max(1, -(-utf16_length(content) // 4))


def digest(content):
    try:
        data = content.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: node hashes them as U+FFFD
        data = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in content).encode("utf-8")
    return hashlib.sha256(data).hexdigest()


_INDEX_KEY = re.compile(r"^(0|[1-9][0-9]*)$")


def js_entries(record):
    """Object.entries order: array-index keys ascending, then the rest in insertion order."""
    items = list((record or {}).items())
    index = sorted(((k, v) for k, v in items if _INDEX_KEY.match(k) and int(k) < 2**32 - 1), key=lambda kv: int(kv[0]))
    return index + [(k, v) for k, v in items if not (_INDEX_KEY.match(k) and int(k) < 2**32 - 1)]


_JS_SPACE = set("\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff") | {chr(c) for c in range(0x2000, 0x200B)}


def _default(value, fallback):
    return fallback if value is None else value


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_integer(value):
    return is_number(value) and math.isfinite(value) and value == int(value)


# --- validation: malformed operations are misuse and change nothing (SPEC.md §2) -------------------------

CALL_STATUSES = ["accepted", "failed", "unknown"]


def validate(op, known, clock=None):
    if not isinstance(op, dict):
        raise ModelError("BAD_OPERATION", "operation", f"must be an object with a 'kind', got {type(op).__name__}")
    kind = op.get("kind")
    where = f"operation '{kind}'"
    if kind == "append":
        return _validate_span_input(op.get("span"), known, where)
    if kind in ("persist", "restore", "prune"):
        return _require_known(op.get("spanId"), known, where, "spanId")
    if kind in ("edit", "overwrite"):
        _require_known(op.get("spanId"), known, where, "spanId")
        return _require_content(op.get("content"), where)
    if kind == "rotate":
        for span_id in _require_id_list(_default(op.get("spanIds"), []), where, "spanIds"):
            _require_known(span_id, known, where, "spanIds")
        return None
    if kind == "summarize":
        return _validate_summarize(op, known, where)
    if kind == "reframe":
        return _validate_reframe(op, known, where)
    if kind == "compact":
        return _require_score(op.get("threshold"), where, "threshold")
    if kind == "lookup":
        return _require_id(op.get("spanId"), where, "spanId")
    if kind == "claim":
        return _validate_claim(op, where)
    if kind == "callTool":
        _require_id(op.get("signature"), where, "signature")
        _require_id(op.get("requestId"), where, "requestId")
        if op.get("retryAfter") is not None:
            _require_score(op["retryAfter"], where, "retryAfter")
        if op.get("status") is not None and op["status"] not in CALL_STATUSES:
            raise ModelError("BAD_OPERATION", where, f"status must be one of {', '.join(CALL_STATUSES)} (what the world answered), got {op['status']!r}")
        if op.get("idempotencyKey") is not None:
            _require_id(op["idempotencyKey"], where, "idempotencyKey")
        at = op.get("at")
        if at is not None:
            if not is_number(at) or not math.isfinite(at) or at < 0:
                raise ModelError("BAD_OPERATION", where, f"at must be a finite number of seconds >= 0 on the episode clock, got {at!r}")
            if clock is not None and at < clock:
                raise ModelError("BAD_OPERATION", where, f"at {at} is before the episode clock {clock}; the clock never runs backwards")
        return None
    if kind == "setVersion":
        if op.get("modelVersion") is None and op.get("policyVersion") is None:
            raise ModelError("BAD_OPERATION", where, "name modelVersion, policyVersion or both")
        for field in ("modelVersion", "policyVersion"):
            if op.get(field) is not None:
                _require_id(op[field], where, field)
        return None
    raise ModelError("BAD_OPERATION", where, "unknown operation kind; expected one of " + ", ".join(OPERATIONS))


def _validate_span_input(span, known, where):
    if not isinstance(span, dict):
        raise ModelError("BAD_OPERATION", where, "span must be an object with id, kind and content")
    _require_id(span.get("id"), where, "span.id")
    if span["id"] in known:
        raise ModelError("DUPLICATE_ID", where, f"span id '{span['id']}' was already used in this episode; ids are never reused (INV-04), pick a new one")
    if span.get("kind") not in ("raw", "derived"):
        raise ModelError("BAD_OPERATION", where, f"span.kind must be 'raw' or 'derived' (summaries come from 'summarize'), got {span.get('kind')!r}")
    _require_content(span.get("content"), where)
    if span.get("tokens") is not None:
        _require_tokens(span["tokens"], where)
    if span.get("score") is not None:
        _require_score(span["score"], where, "span.score")
    sources = _require_id_list(_default(span.get("sources"), []), where, "span.sources")
    if span["kind"] == "raw" and len(sources) > 0:
        raise ModelError("BAD_OPERATION", where, f"raw span '{span['id']}' declares sources; raw observations are never derivable, drop 'sources' or use kind 'derived'")
    for source in sources:
        if source == span["id"]:
            raise ModelError("DERIVATION_CYCLE", where, f"span '{source}' lists itself as a source")
        _require_known(source, known, where, "span.sources")


RAW_KINDS = ["tool-output", "user", "identifier", "error", "other"]


def _validate_claim(op, where):
    _require_id(op.get("claim"), where, "claim")
    negative = op.get("negative")
    if negative is not None and not isinstance(negative, bool):
        raise ModelError("BAD_OPERATION", where, f"negative must be a boolean, got {negative!r}")
    ids = _require_id_list(op.get("requiredIds"), where, "requiredIds")
    if negative is True:
        if len(ids) > 0:
            raise ModelError("BAD_OPERATION", where, "a negative claim rests on no span: leave requiredIds empty")
        if op.get("rawKinds") is not None:
            kinds = _require_id_list(op["rawKinds"], where, "rawKinds")
            if len(kinds) == 0 or any(not isinstance(k, str) or k not in RAW_KINDS for k in kinds):
                raise ModelError("BAD_OPERATION", where, f"rawKinds must list one or more of {', '.join(RAW_KINDS)}")
        return None
    if op.get("rawKinds") is not None:
        raise ModelError("BAD_OPERATION", where, "rawKinds scopes a negative claim; set negative: true or drop rawKinds")
    if len(ids) == 0:
        raise ModelError("BAD_OPERATION", where, "requiredIds is empty; name the spans the claim rests on")
    for span_id in ids:
        _require_id(span_id, where, "requiredIds")
    return None


def _validate_summarize(op, known, where):
    _require_id(op.get("summaryId"), where, "summaryId")
    if op["summaryId"] in known:
        raise ModelError("DUPLICATE_ID", where, f"summaryId '{op['summaryId']}' was already used in this episode; pick a new id")
    source_ids = _require_id_list(op.get("sourceIds"), where, "sourceIds")
    if len(source_ids) == 0:
        raise ModelError("BAD_OPERATION", where, "sourceIds is empty; a summary summarizes at least one span")
    if _has_duplicates(source_ids):
        raise ModelError("BAD_OPERATION", where, "sourceIds lists a span twice; list each source once")
    for source in source_ids:
        if source == op["summaryId"]:
            raise ModelError("DERIVATION_CYCLE", where, f"summary '{source}' lists itself as a source")
        _require_known(source, known, where, "sourceIds")
    _require_content(op.get("content"), where)
    if op.get("tokens") is not None:
        _require_tokens(op["tokens"], where)
    if op.get("score") is not None:
        _require_score(op["score"], where, "score")


def _validate_reframe(op, known, where):
    frame = op.get("frame")
    if not isinstance(frame, str) or all(c in _JS_SPACE for c in frame):
        raise ModelError("BAD_FRAME", where, "frame must be a non-empty string naming the new task framing")
    if op.get("scores") is not None and not isinstance(op["scores"], dict):
        raise ModelError("BAD_OPERATION", where, "scores must be an object mapping span ids to scores")
    if op.get("derivations") is not None and not isinstance(op["derivations"], dict):
        raise ModelError("BAD_OPERATION", where, "derivations must be an object mapping span ids to lists of source ids")
    for span_id, score in js_entries(op.get("scores")):
        _require_known(span_id, known, where, "scores")
        _require_score(score, where, f"scores.{span_id}")
    for span_id, sources in js_entries(op.get("derivations")):
        _require_known(span_id, known, where, "derivations")
        for source in _require_id_list(sources, where, f"derivations.{span_id}"):
            if source == span_id:
                raise ModelError("DERIVATION_CYCLE", where, f"derivation of '{span_id}' lists itself as a source")
            _require_known(source, known, where, f"derivations.{span_id}")


def _has_duplicates(items):
    # new Set() semantics: primitives by type and value, parsed objects are always distinct.
    seen = set()
    for item in items:
        if isinstance(item, (dict, list)):
            continue
        key = (type(item).__name__, item)
        if key in seen:
            return True
        seen.add(key)
    return False


def _require_id_list(value, where, field):
    if not isinstance(value, list):
        raise ModelError("BAD_OPERATION", where, f"{field} must be an array of span ids, got {value!r}")
    return value


def _require_id(value, where, field):
    if not isinstance(value, str) or value == "":
        raise ModelError("BAD_OPERATION", where, f"{field} must be a non-empty string, got {value!r}")


def _require_known(value, known, where, field):
    _require_id(value, where, field)
    if value not in known:
        raise ModelError("UNKNOWN_ID", where, f"{field} names '{value}', which was never appended or summarized in this episode")


def _require_content(value, where):
    if not isinstance(value, str) or value == "":
        raise ModelError("BAD_CONTENT", where, "content must be a non-empty string")


def _require_tokens(value, where):
    if not is_integer(value) or value <= 0:
        raise ModelError("BAD_TOKENS", where, f"tokens must be a positive integer, got {value!r}")


def _require_score(value, where, field):
    if not is_number(value) or math.isnan(value) or value < 0:
        raise ModelError("BAD_SCORE", where, f"{field} must be a number >= 0 (not NaN), got {value!r}")


# --- state ------------------------------------------------------------------------------------------------

class Span:
    __slots__ = ("id", "kind", "raw_kind", "content", "tokens", "score", "floored", "sources",
                 "derivation_frame", "provenance", "token_range", "appended_at", "digest_cache", "ceiling")

    def __init__(self, **fields):
        for name in self.__slots__:
            setattr(self, name, fields.get(name))


class StoreEntry:
    __slots__ = ("span_id", "handle", "content", "digest", "previous")

    def __init__(self, span_id, handle, content, previous):
        self.span_id, self.handle, self.content, self.digest = span_id, handle, content, digest(content)
        self.previous = previous  # the span's older copy: rotating a span expires every copy of it


class BackingStore:
    """Durable copies under handles; rotation expires content but keeps the handle known (seed 002)."""

    def __init__(self, distinguishes_absent):
        self.distinguishes_absent = distinguishes_absent
        self.by_handle, self.latest, self.counter = {}, {}, 0

    def put(self, span_id, content):
        self.counter += 1
        entry = StoreEntry(span_id, f"bs://{span_id}#{self.counter}", content, self.latest.get(span_id))
        self.by_handle[entry.handle] = entry
        self.latest[span_id] = entry
        return entry.handle

    def handle_for(self, span_id):
        entry = self.latest.get(span_id)
        return entry.handle if entry else None

    def read(self, handle):
        entry = self.by_handle.get(handle)
        if entry is None:
            return {"status": "absent"}
        if entry.content is None:
            return {"status": "expired"} if self.distinguishes_absent else {"status": "absent"}
        return {"status": "present", "content": entry.content, "digest": entry.digest}

    def overwrite(self, span_id, content):
        """Every live copy of the span now holds other bytes, under the same handles (D-25)."""
        entry = self.latest.get(span_id)
        while entry is not None:
            if entry.content is not None:
                entry.content, entry.digest = content, digest(content)
            entry = entry.previous

    def expire(self, span_ids=None):
        if span_ids is None:
            entries = list(self.by_handle.values())
        else:
            entries = []
            for span_id in span_ids:
                entry = self.latest.get(span_id)
                while entry is not None:
                    entries.append(entry)
                    entry = entry.previous
        expired = []
        for entry in entries:
            if entry.content is None:
                continue
            entry.content = None
            if entry.span_id not in expired:
                expired.append(entry.span_id)
        return expired


class Window:
    """Resident spans and the in-window index. The index is text the model reads, so it costs capacity (INV-29):
    marker_tokens per line it shows (each entry, and the gap marker as one), one line's worth at least (D-22).
    Writing an entry that overfills the window folds the oldest entries, oldest written first, into the gap
    marker until it fits (D-26); a folded entry is held in `gap`, outside the window, still the id's entry."""

    def __init__(self, capacity, marker_tokens):
        self.capacity, self.marker_tokens = capacity, marker_tokens
        self.resident, self.index, self.gap, self.span_tokens = {}, {}, {}, 0

    def lines(self):
        return len(self.index) + (1 if self.gap else 0)

    @property
    def used(self):
        return self.span_tokens + self.marker_tokens * max(1, self.lines())

    def fits(self, extra):
        return self.used + extra <= self.capacity

    def fits_back(self, span):
        """A restore fits when its span in and its own entry out fit."""
        own = 1 if span.id in self.index or (len(self.gap) == 1 and span.id in self.gap) else 0
        return self.span_tokens + span.tokens + self.marker_tokens * max(1, self.lines() - own) <= self.capacity

    def insert(self, span):
        self.resident[span.id] = span
        self.span_tokens += span.tokens
        self.index.pop(span.id, None)
        self.gap.pop(span.id, None)

    def remove(self, span_id):
        span = self.resident.pop(span_id, None)
        if span is not None:
            self.span_tokens -= span.tokens

    def entry(self, span_id):
        entry = self.index.get(span_id)
        return self.gap.get(span_id) if entry is None else entry

    def mark(self, entry):
        """The id's entry becomes the newest line; then the oldest lines fold while the window is over capacity."""
        self.index.pop(entry["spanId"], None)
        self.gap.pop(entry["spanId"], None)
        self.index[entry["spanId"]] = entry
        for span_id in list(self.index):
            if self.used <= self.capacity:
                break
            self.gap[span_id] = self.index.pop(span_id)


# --- the runtime ------------------------------------------------------------------------------------------

class Runtime:
    """The model proposes, the runtime disposes: every directive is validated, gated, executed, logged."""

    def __init__(self, config):
        capacity = config.get("capacity")
        if not is_integer(capacity) or capacity <= 0:
            raise ModelError("BAD_CONFIG", "new ReferenceRuntime", f"capacity must be a positive integer of tokens, got {capacity!r}")
        marker_tokens = _default(config.get("markerTokens"), DEFAULT_MARKER_TOKENS)
        if not is_integer(marker_tokens) or marker_tokens < 0 or marker_tokens >= capacity:
            raise ModelError("BAD_CONFIG", "new ReferenceRuntime", f"markerTokens must be an integer of tokens from 0 to capacity - 1 (the window keeps room for one index entry), got {marker_tokens!r} with capacity {capacity}")
        self.window = Window(capacity, marker_tokens)
        distinguishes = config.get("storeDistinguishesAbsent")
        self.store = BackingStore(True if distinguishes is None else distinguishes)
        self.tombstones, self.ledger, self.log, self.known = {}, {}, [], {}
        self.frame = _default(config.get("frame"), "initial")
        self.frame_epoch = 0  # derivations are tied to the count of re-frames, not to a frame's text
        self.model_version = _default(config.get("modelVersion"), "model-1")
        self.policy_version = _default(config.get("policyVersion"), "policy-1")
        self.step = 0
        self.clock = 0  # the episode clock in seconds, set by calls that carry "at" (D-18)
        self.token_offset = 0

    # protocol surface
    def apply(self, op):
        validate(op, self.known, self.clock)
        self.step += 1
        outcome = getattr(self, "op_" + op["kind"])(op)
        self.log.append({"step": self.step, "operation": op, "outcome": outcome})
        return outcome

    def observe(self, span_id):
        span = self.window.resident.get(span_id)
        observation = {"spanId": span_id, "resident": None if span is None else self.view(span),
                       "index": self.window.entry(span_id), "tombstone": self.tombstones.get(span_id)}
        if span_id in self.window.gap:
            observation["gap"] = self.gap_pointer()
        return observation

    def gap_pointer(self):
        return GAP_POINTER

    def request(self, signature):
        return self.ledger.get(signature)

    # world events
    def op_append(self, op):
        spec = op["span"]
        tokens = spec["tokens"] if spec.get("tokens") is not None else estimate_tokens(spec["content"])
        if not self.window.fits(tokens):
            return self.full(spec["id"], tokens)
        sources = list(spec.get("sources") or [])
        score = spec.get("score")
        span = Span(id=spec["id"], kind=spec["kind"], raw_kind=_default(spec.get("rawKind"), "other") if spec["kind"] == "raw" else None,
                    content=spec["content"], tokens=tokens, score=DEFAULT_SCORE if score is None else score, floored=False,
                    sources=sources, derivation_frame=self.frame_epoch if spec["kind"] == "derived" and sources else None,
                    provenance=None, token_range=self.claim_token_range(tokens), appended_at=self.step)
        self.admit(span)
        handle = self.store.put(span.id, span.content) if spec.get("persist") is True else None
        return {"kind": "appended", "spanId": span.id, "handle": handle}

    def op_persist(self, op):
        span = self.window.resident.get(op["spanId"])
        if span is None:
            return self.reject(op["spanId"], "not-resident")
        return {"kind": "persisted", "spanId": op["spanId"], "handle": self.store.put(span.id, span.content)}

    def op_rotate(self, op):
        return {"kind": "rotated", "expired": self.store.expire(op.get("spanIds"))}

    def op_overwrite(self, op):
        self.store.overwrite(op["spanId"], op["content"])
        return {"kind": "overwritten", "spanId": op["spanId"]}

    def op_edit(self, op):
        span = self.window.resident.get(op["spanId"])
        if span is None:
            return self.reject(op["spanId"], "not-resident")
        tokens = estimate_tokens(op["content"])
        if not self.window.fits(tokens - span.tokens):
            return self.full(op["spanId"], tokens - span.tokens)
        self.window.span_tokens += tokens - span.tokens
        span.content, span.digest_cache, span.tokens = op["content"], None, tokens
        return {"kind": "edited", "spanId": span.id, "tokens": tokens}

    def op_setVersion(self, op):
        if op.get("modelVersion") is not None:
            self.model_version = op["modelVersion"]
        if op.get("policyVersion") is not None:
            self.policy_version = op["policyVersion"]
        return {"kind": "versioned", "modelVersion": self.model_version, "policyVersion": self.policy_version}

    def op_callTool(self, op):
        """INV-09: the effect ledger, not the window, decides whether a side-effecting call may go out (D-18)."""
        now = self.clock if op.get("at") is None else op["at"]
        self.clock = now
        signature = op["signature"]
        original = self.ledger.get(signature)
        if original is not None:
            if original["status"] == "accepted":
                return {"kind": "duplicate", "signature": signature, "original": original}
            if original["status"] == "unknown":
                key = original["idempotencyKey"]
                if key is None or op.get("idempotencyKey") != key:
                    return {"kind": "unreconciled", "signature": signature, "original": original}
            elif original["retryAfter"] is not None and now < original["at"] + original["retryAfter"]:
                return {"kind": "too-soon", "signature": signature, "original": original,
                        "retryAt": original["at"] + original["retryAfter"]}
        # The ledger answers the accepted attempt once there is one, else the latest.
        self.ledger[signature] = {"signature": signature, "requestId": op["requestId"], "step": self.step,
                                  "retryAfter": op.get("retryAfter"), "status": _default(op.get("status"), "accepted"),
                                  "at": now, "idempotencyKey": op.get("idempotencyKey")}
        return {"kind": "executed", "signature": signature, "requestId": op["requestId"]}

    # directives
    def op_prune(self, op):
        span = self.window.resident.get(op["spanId"])
        if span is None:
            return self.reject(op["spanId"], "not-resident")
        decision = self.gate(span, op.get("acceptLossy") is True)
        if decision[0] == "reject":
            outcome = self.reject(span.id, decision[1], decision[2])
        else:
            outcome = self.evict(span, decision[1], decision[2])
        if op.get("claimSafe") is True:
            # D-21: the model's claim is an input, answered from the runtime's own check, never a proof.
            check = decision[2]
            lossless = self.is_derivable(span) or (check["existence"] and check["addressable"] and check["provenance"])
            outcome["safeClaim"] = "upheld" if lossless else "refuted"
        return outcome

    def gate(self, span, accept_lossy):
        """SPEC.md §3, at execution time: content-changed, derivable, reversible, lossy, else reject."""
        check = self.backing_check(span)
        previous = self.tombstones.get(span.id)
        if previous is not None and previous["digest"] != self.span_digest(span):
            return ("reject", "content-changed", check)
        if self.is_derivable(span):
            return ("evict", "derivable", check)
        if check["existence"] and check["addressable"] and check["provenance"]:
            return ("evict", "reversible", check)
        if accept_lossy:
            # D-20: loss is accepted, except of a span a re-frame floored.
            return ("reject", "floored", check) if span.floored else ("evict", "lossy", check)
        return ("reject", "not-reversible", check)

    def backing_check(self, span):
        handle = self.store.handle_for(span.id)
        read = None if handle is None else self.store.read(handle)
        existence = read is not None and read["status"] == "present" and read["digest"] == self.span_digest(span)
        # Condition 3 holds through the external tombstone store, which keeps the handle and digest (D-23).
        return {"existence": existence, "addressable": handle is not None, "provenance": True, "handle": handle}

    def is_derivable(self, span):
        if span.kind != "derived" or span.derivation_frame != self.frame_epoch or not span.sources:
            return False
        return all(source in self.window.resident for source in span.sources)

    def evict(self, span, mode, check, deferred=None):
        """Removes the span, writes its tombstone and its marker; `deferred` collects the marker instead (a compaction
        writes its markers together once the gate has passed every candidate, SPEC.md §7 C-2)."""
        handle = check["handle"] if mode == "reversible" and check is not None else None
        tombstone = {"spanId": span.id, "tokenRange": list(span.token_range), "policyVersion": self.policy_version,
                     "modelVersion": self.model_version, "score": span.score, "digest": self.span_digest(span),
                     "derivationChain": list(span.sources), "frameEpoch": self.frame_epoch, "mode": mode, "handle": handle, "step": self.step}
        self.window.remove(span.id)
        self.tombstones[span.id] = tombstone
        if mode == "reversible" and handle is not None:
            marker = {"kind": "handle", "spanId": span.id, "handle": handle}
        elif mode == "derivable":
            marker = {"kind": "derivable", "spanId": span.id, "sources": list(span.sources)}
        else:
            marker = {"kind": "lossy", "spanId": span.id, "text": f"{span.id}: pruned, unrecoverable, contents unknown"}
        if deferred is None:
            self.window.mark(marker)
        else:
            deferred[span.id] = marker
        span.content = ""
        return {"kind": "evicted", "spanId": span.id, "mode": mode, "handle": handle, "check": check, "tombstone": tombstone}

    def op_summarize(self, op):
        """INV-05, INV-14, INV-27: provenance and sources recorded; sources keep their scores and stay resident."""
        sources = []
        for source_id in op["sourceIds"]:
            span = self.window.resident.get(source_id)
            if span is None:
                return self.reject(source_id, "not-resident")
            sources.append(span)
        if op.get("escalate") is not True:
            derived = next((s for s in sources if s.provenance is not None), None)
            if derived is not None:
                return self.reject(derived.id, "already-derived")
        tokens = op["tokens"] if op.get("tokens") is not None else estimate_tokens(op["content"])
        if not self.window.fits(tokens):
            return self.full(op["summaryId"], tokens)
        score = op.get("score")
        # INV-27: a summary never outranks the sources it was drawn from (their lowest base score is its ceiling).
        ceiling = min(s.score for s in sources)
        self.admit(Span(id=op["summaryId"], kind="summary", raw_kind=None, content=op["content"], tokens=tokens,
                        score=min(DEFAULT_SCORE if score is None else score, ceiling), ceiling=ceiling,
                        floored=False, sources=list(op["sourceIds"]),
                        derivation_frame=None, token_range=self.claim_token_range(tokens), appended_at=self.step,
                        provenance={"derived": True, "modelVersion": self.model_version, "policyVersion": self.policy_version, "step": self.step}))
        return {"kind": "summarized", "summaryId": op["summaryId"], "sourceIds": list(op["sourceIds"])}

    def op_reframe(self, op):
        """INV-08: re-score, lapse old derivations, verify re-declared ones, floor spans that flipped."""
        was_derivable = [s.id for s in self.window.resident.values() if self.is_derivable(s)]
        self.frame = op["frame"]
        self.frame_epoch += 1
        for span_id, score in js_entries(op.get("scores")):
            if span_id in self.known:
                span = self.known[span_id]
                span.score = score if span.ceiling is None else min(score, span.ceiling)
        derivable = []
        for span_id, sources in js_entries(op.get("derivations")):
            span = self.window.resident.get(span_id)
            if span is None or span.kind != "derived" or not all(s in self.window.resident for s in sources):
                continue
            span.sources, span.derivation_frame, span.floored = list(sources), self.frame_epoch, False
            derivable.append(span_id)
        floored = []
        for span_id in was_derivable:
            span = self.window.resident.get(span_id)
            if span is None or self.is_derivable(span) or self.has_resolvable_pointer(span):
                continue
            span.floored = True
            floored.append(span_id)
        return {"kind": "reframed", "frame": op["frame"], "floored": floored, "derivable": derivable}

    def op_compact(self, op):
        """INV-07: the policy evicts below-threshold spans, lowest first, only through the gate without loss."""
        candidates = [s for s in self.window.resident.values() if s.score < op["threshold"]]
        evicted, refused, markers = [], [], {}
        for span in self.compaction_order(candidates):
            if self.effective_score(span) == INF:
                refused.append(span.id)
                continue
            decision = self.gate(span, False)
            if decision[0] == "reject":
                refused.append(span.id)
                continue
            self.evict(span, decision[1], decision[2], markers)
            evicted.append({"spanId": span.id, "mode": decision[1]})
        # The markers go in window order, whatever order the gate took: which entries fold rests only on which spans
        # left and how (SPEC.md §7 C-2), never on the order of `evicted`, which is a set (C-7).
        for span in candidates:
            if span.id in markers:
                self.window.mark(markers[span.id])
        return {"kind": "compacted", "evicted": evicted, "refused": refused}

    def compaction_order(self, candidates):
        """SPEC.md §7 C-2 leaves the order to the runtime; the reference goes lowest score first, oldest first."""
        return sorted(candidates, key=lambda s: (s.score, s.appended_at))

    def op_restore(self, op):
        span = self.known[op["spanId"]]
        if span.id in self.window.resident:
            return self.reject(span.id, "not-recoverable")
        answer = self.lookup(span.id)
        if answer["kind"] != "recoverable":
            stale = answer["kind"] == "tombstoned" and answer["why"] == "stale"
            return self.reject(span.id, "stale" if stale else "not-recoverable")
        if not self.window.fits_back(span):
            return self.full(span.id, span.tokens)
        span.content, span.digest_cache = answer["content"], None
        self.window.insert(span)
        return {"kind": "restored", "spanId": span.id}

    # queries
    def op_lookup(self, op):
        return self.lookup(op["spanId"])

    def lookup(self, span_id):
        """INV-04: resident, recoverable, derivable, tombstoned and absent are five distinct answers."""
        span = self.window.resident.get(span_id)
        if span is not None:
            return {"kind": "resident", "spanId": span_id, "span": self.view(span)}
        tombstone = self.tombstones.get(span_id)
        if tombstone is None:
            return {"kind": "absent", "spanId": span_id}
        lost = lambda why: {"kind": "tombstoned", "spanId": span_id, "digest": tombstone["digest"], "why": why}
        if tombstone["mode"] == "lossy":
            return lost("lossy")
        if tombstone["mode"] == "reversible":
            read = None if tombstone["handle"] is None else self.store.read(tombstone["handle"])
            if read is None or read["status"] != "present":
                return lost("expired")
            if read["digest"] != tombstone["digest"]:
                return lost("stale")  # D-25: other bytes than the evicted ones are a stale result
            return {"kind": "recoverable", "spanId": span_id, "handle": tombstone["handle"], "content": read["content"]}
        if tombstone["frameEpoch"] != self.frame_epoch:
            return lost("reframed")  # derivability is frame-relative (seed 001)
        if all(self._source_available(source) for source in tombstone["derivationChain"]):
            return {"kind": "derivable", "spanId": span_id, "sources": tombstone["derivationChain"]}
        return lost("sources-lost")

    def _source_available(self, source_id):
        if source_id in self.window.resident:
            return True
        source = self.tombstones.get(source_id)
        if source is None or source["mode"] != "reversible" or source["handle"] is None:
            return False
        read = self.store.read(source["handle"])
        return read["status"] == "present" and read["digest"] == source["digest"]

    def op_claim(self, op):
        """INV-10: only resident or recoverable raw spans substantiate; a tombstone is a gap (D-01)."""
        if op.get("negative") is True:
            # INV-28: a negative claim is judged over every raw observation seen in scope, never the window.
            kinds = op.get("rawKinds")
            lost = [s.id for s in self.known.values() if s.kind == "raw" and (kinds is None or s.raw_kind in kinds)
                    and self.lookup(s.id)["kind"] == "tombstoned"]
            if lost:
                return {"kind": "unfounded", "claim": op["claim"], "unknownIds": [], "lostIds": lost}
            return {"kind": "substantiated", "claim": op["claim"]}
        lost, unknown, derived = [], [], []
        for span_id in op["requiredIds"]:
            answer = self.lookup(span_id)
            if answer["kind"] == "tombstoned":
                lost.append(span_id)
            elif answer["kind"] == "absent":
                unknown.append(span_id)
            elif self.known.get(span_id) is None or self.known[span_id].kind != "raw":
                derived.append(span_id)
        if lost:
            return {"kind": "gap", "claim": op["claim"], "lostIds": lost}
        if unknown:
            return {"kind": "unfounded", "claim": op["claim"], "unknownIds": unknown}
        if derived:
            return {"kind": "derived-only", "claim": op["claim"], "derivedIds": derived}
        return {"kind": "substantiated", "claim": op["claim"]}

    # helpers
    def admit(self, span):
        self.known[span.id] = span
        self.window.insert(span)

    def claim_token_range(self, tokens):
        start = self.token_offset
        self.token_offset += tokens
        return [start, self.token_offset]

    def span_digest(self, span):
        if span.digest_cache is None:
            span.digest_cache = digest(span.content)
        return span.digest_cache

    def reject(self, span_id, reason, check=None):
        """INV-12: a refusal on a resident span leaves a rejection notice in the window."""
        if span_id in self.known and span_id in self.window.resident:
            self.window.mark({"kind": "rejected", "spanId": span_id, "reason": reason, "step": self.step})
        outcome = {"kind": "rejected", "spanId": span_id, "reason": reason}
        if check is not None:
            outcome["check"] = check
        return outcome

    def full(self, span_id, needed):
        return {"kind": "window-full", "spanId": span_id, "needed": needed, "used": self.window.used, "capacity": self.window.capacity}

    def has_resolvable_pointer(self, span):
        check = self.backing_check(span)
        return check["existence"] and check["addressable"] and check["provenance"]

    def effective_score(self, span):
        """INV-07, INV-08: floored spans score infinity for every policy."""
        floored = span.floored or (span.kind == "raw" and not self.has_resolvable_pointer(span))
        return INF if floored else span.score

    def view(self, span):
        return {"id": span.id, "kind": span.kind, "content": span.content, "tokens": span.tokens, "score": span.score,
                "floored": self.effective_score(span) == INF, "sources": list(span.sources), "provenance": span.provenance}


INFO = {
    "name": "python-correct",
    "version": "1.0.0",
    "description": "A Python port of the reference runtime of spec/SPEC.md (examples/python/correct_runtime.py)",
    "capabilities": {"operations": OPERATIONS, "invariants": INVARIANTS},
}

if __name__ == "__main__":
    serve(INFO, Runtime)
