"""Offline verification of a mai-sandbox audit log export, and of a result's
receipt against it.

Written only from docs/audit-format.md (mai-audit/v2), sharing no code with
the C++ engine. Needs python3-cryptography; not the native module.

    from mai_sandbox import audit
    report = audit.check_result(result, "log.jsonl", "audit.pub")

`result` is a :class:`mai_sandbox.Result` (or a result dict, or a bare
receipt); the export comes from ``mai-sandbox audit export --format jsonl``
and the public key from ``mai-sandbox audit pubkey``. It raises
:class:`AuditFailure` when the export or the receipt does not verify.

As a program (tools/verify_export.py runs this)::

    python3 -m mai_sandbox.audit --pubkey audit.pub log.jsonl [--receipt result.json] [--json]

Exit status: 0 intact, 1 not intact (the first bad record and why on
stdout), 2 unusable input (bad arguments, unreadable files, a malformed
public key or receipt).
"""

import argparse
import base64
import binascii
import dataclasses
import hashlib
import json
import os
import sys
from typing import Any, Iterable, List, Mapping, Optional, Union

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_pem_public_key

FORMAT = "mai-audit/v2"
RECORD_DOMAIN = b"mai-audit/v2/record\n"
TREE_HEAD_DOMAIN = b"mai-audit/v1/tree-head\n"  # tree heads did not change in v2
CHECKPOINT_DOMAIN = b"mai-audit/v2/checkpoint\n"
ROTATION_DOMAIN = b"mai-audit/v1/key-rotation\n"
RECORD_FIELDS = {"v", "seq", "timestamp_us", "type", "request_id", "data", "prev_hash", "key_id", "tree_heads",
                 "tree_head_hash", "sig"}
TREE_HEAD_FIELDS = {"v", "tree_size", "timestamp_us", "root_hash", "key_id", "sig"}
CHECKPOINT_FIELDS = {"v", "first_seq", "prev_hash", "frontier", "last_timestamp_us", "key_ids",
                     "public_key", "timestamp_us", "key_id", "tree_heads", "tree_head_hash", "sig"}
ZERO_HASH = b"\x00" * 32


class Bad(Exception):
    """The log is not intact: seq (the first bad record, or None) and why."""

    def __init__(self, seq, reason):
        super().__init__(reason)
        self.seq = seq
        self.reason = reason


class Unusable(Exception):
    """Verification cannot start."""


# ---- section 1: canonical encoding -------------------------------------

def _no_float(text):
    raise ValueError("floating-point number " + text)


def _no_constant(text):
    raise ValueError("non-JSON constant " + text)


def _unique(pairs):
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise ValueError("duplicate key " + repr(k))
        obj[k] = v
    return obj


def _check_ints(value):
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int):
        if not (-(2 ** 63) <= value <= 2 ** 64 - 1):
            raise ValueError("integer out of range")
        return
    if isinstance(value, list):
        for v in value:
            _check_ints(v)
        return
    if isinstance(value, dict):
        for v in value.values():
            _check_ints(v)
        return
    raise ValueError("unexpected value")


def canonical(obj):
    """The canonical bytes of a JSON value (section 1)."""
    _check_ints(obj)
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.encode("utf-8")  # raises on lone surrogates: not valid UTF-8


def parse_canonical(raw):
    """Parses bytes that must be exactly canonical JSON."""
    text = raw.decode("utf-8")  # strict: invalid UTF-8 raises
    obj = json.loads(text, parse_float=_no_float, parse_constant=_no_constant, object_pairs_hook=_unique)
    if canonical(obj) != raw:
        raise ValueError("not in canonical form")
    return obj


# ---- hashes, keys, encodings --------------------------------------------

def sha256(data):
    return hashlib.sha256(data).digest()


def record_hash(record):
    """Section 2: SHA-256(0x00 || canonical(record without "sig")); also its Merkle leaf hash."""
    return sha256(b"\x00" + canonical(without_sig(record)))


def tree_head_hash(th):
    """Section 4: SHA-256(0x02 || canonical(tree head without "sig")), which later records name."""
    return sha256(b"\x02" + canonical(without_sig(th)))


def node_hash(left, right):
    return sha256(b"\x01" + left + right)


def unhex(value, size, what):
    if not isinstance(value, str) or len(value) != 2 * size or value != value.lower():
        raise ValueError(what + " is not " + str(size) + " bytes of lowercase hex")
    return binascii.unhexlify(value)


def unb64(value, size, what):
    if not isinstance(value, str):
        raise ValueError(what + " is not a string")
    try:
        raw = base64.b64decode(value, validate=True)
    except binascii.Error as e:
        raise ValueError(what + " is not base64: " + str(e))
    if len(raw) != size or base64.b64encode(raw).decode("ascii") != value:
        raise ValueError(what + " is not " + str(size) + " bytes of canonical base64")
    return raw


def key_id_of(raw_public):
    return hashlib.sha256(raw_public).hexdigest()


def public_key(raw):
    return Ed25519PublicKey.from_public_bytes(raw)


def ed25519_ok(key, message, signature):
    try:
        key.verify(signature, message)
        return True
    except InvalidSignature:
        return False


def without_sig(obj):
    return {k: v for k, v in obj.items() if k != "sig"}


def is_uint(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


# ---- section 4: the Merkle tree -----------------------------------------

class Frontier:
    """The compact range [0, size): one perfect-subtree root per set bit, largest first."""

    def __init__(self, size=0, nodes=None):
        self.size = size
        self.nodes = list(nodes or [])
        if bin(size).count("1") != len(self.nodes):
            raise ValueError("frontier does not match its size")

    def append(self, leaf):
        h, s = leaf, self.size
        while s & 1:
            h = node_hash(self.nodes.pop(), h)
            s >>= 1
        self.nodes.append(h)
        self.size += 1

    def root(self):
        if not self.nodes:
            return sha256(b"")
        h = self.nodes[-1]
        for left in reversed(self.nodes[:-1]):
            h = node_hash(left, h)
        return h


# ---- the verifier ---------------------------------------------------------

class Completeness:
    """Section 7, item 7: what must be on record before what, per request."""

    def __init__(self, pruned):
        self.pruned = pruned
        self.requests = {}
        self.open_starts = []  # the service's own execution.start seqs without an end, in order

    def add(self, seq, r):
        st = self.requests.setdefault(r["request_id"], {
            "submitted": False, "unassessed": [], "assessments": 0, "blocked": [], "ever_blocked": False,
            "grants": 0, "open": []})
        t, data = r["type"], r["data"]
        who = "request " + (r["request_id"] or "(none)")
        checked = not self.pruned or st["submitted"]

        def text(member):
            v = data.get(member)
            return v if isinstance(v, str) and v else None

        def bad(why):
            raise Bad(seq, "record %d: %s" % (seq, why))

        if t == "submission":
            st["submitted"] = True
            st["unassessed"].append(text("code_sha256") or "")
        elif t == "assessment":
            assessed = text("code_sha256")
            if checked:
                if not st["submitted"]:
                    bad("assessment of %s, which was never submitted" % who)
                pending = st["unassessed"]
                if assessed is not None and assessed in pending:
                    i = pending.index(assessed)
                elif "" in pending:
                    i = pending.index("")
                elif assessed is None and pending:
                    i = 0
                else:
                    bad("a second assessment of %s for one submission" % who if not pending else
                        "the assessment of %s is of code %s, which was not submitted" % (who, assessed))
                if assessed is None:
                    assessed = pending[i]
                del pending[i]
            st["assessments"] += 1
            if data.get("level") == "BLOCKED":
                st["blocked"].append(assessed or "")
                st["ever_blocked"] = True
            else:
                st["grants"] += 1
        elif t == "blocked":
            if checked:
                if not st["blocked"]:
                    bad("blocked record for %s without a BLOCKED assessment before it" % who)
                st["blocked"].pop(0)
        elif t == "override":
            if text("reason") is None:
                bad("override for %s without a reason" % who)
            if text("given_by") is None:
                bad("override for %s given by nobody (no given_by)" % who)
            if checked:
                if not st["blocked"]:
                    bad("override for %s without a BLOCKED assessment before it" % who)
                code = text("code_sha256")
                if code is None:
                    bad("override for %s does not name the code it allows (no code_sha256)" % who)
                if code not in st["blocked"]:
                    bad("override for %s allows code %s, but the code assessed BLOCKED is %s"
                        % (who, code, st["blocked"][0]))
                st["blocked"].remove(code)
                st["grants"] += 1
        elif t == "execution.start":
            if checked:
                if st["assessments"] == 0:
                    bad("execution of %s without an assessment before it" % who)
                if st["grants"] == 0:
                    bad("execution of %s, assessed BLOCKED, without an override" % who if st["ever_blocked"] else
                        "execution of %s without an assessment that allows it (one run per assessment)" % who)
                st["grants"] -= 1
            st["open"].append(seq)
            # A worker's run (data.origin an object) may end after a restart
            # of the coordinator: only the coordinator's own runs must be closed.
            if not isinstance(data.get("origin"), dict):
                self.open_starts.append(seq)
        elif t in ("execution.end", "execution.abandoned"):
            if st["open"]:
                start = st["open"].pop(0)
                if start in self.open_starts:
                    self.open_starts.remove(start)
            elif not self.pruned:
                bad("%s for %s without an execution.start" % (t, who))
            if t == "execution.abandoned" and not isinstance(data.get("reason"), str):
                bad("execution.abandoned without a reason")
        elif t in ("service.start", "service.stop"):
            if self.open_starts:
                s = min(self.open_starts)
                raise Bad(s, "record %d: an execution started but never ended before the %s at record %d"
                          % (s, t, seq))


class Verifier:
    def __init__(self, trusted_raw, receipt=None):
        self.trusted_id = key_id_of(trusted_raw)
        self.receipt = receipt
        self.keys = {}  # key id -> Ed25519PublicKey
        self.history = []
        self.current = None
        self.frontier = Frontier()
        self.prev_hash = ZERO_HASH
        self.prev_ts = None
        self.expect = 0
        self.first_seq = 0
        self.checkpoint = None
        self.roots = {}  # tree size -> (root, key), for sizes tree heads and the receipt need
        self.wanted_sizes = set()
        self.tree_heads = []  # in export order: by tree size, then time
        self.th_next = 0      # the first tree head not yet counted
        self.th_count = 0     # tree heads before the current position (section 4)
        self.th_hash = ZERO_HASH
        self.completeness = None
        self.notes = []
        self.records = 0
        self.receipt_request_ids = {}  # seq_first and seq_last -> their records' request ids

    def at_size(self):
        """The tree reached a new size: its root if wanted, and the tree heads at that size count from now on."""
        n = self.frontier.size
        if n in self.wanted_sizes:
            self.roots[n] = (self.frontier.root(), self.current)
        while self.th_next < len(self.tree_heads) and self.tree_heads[self.th_next]["tree_size"] <= n:
            th = self.tree_heads[self.th_next]
            self.th_next += 1
            if th["tree_size"] < self.first_seq:
                continue  # left over from pruning: the checkpoint counts those
            self.th_count += 1
            self.th_hash = tree_head_hash(th)

    def header(self, h):
        if h.get("kind") != "header" or h.get("format") != FORMAT:
            raise Bad(None, "the first line is not a %s export header" % FORMAT)
        for member in ("first_seq", "tree_size", "tree_heads"):
            if not is_uint(h.get(member)):
                raise Bad(None, "the export header is malformed (%s)" % member)
        try:
            self.header_th_hash = unhex(h.get("tree_head_hash"), 32, "tree_head_hash")
        except ValueError as e:
            raise Bad(None, "the export header is malformed: %s" % e)
        self.header_tree_size = h["tree_size"]
        self.header_tree_heads = h["tree_heads"]
        cp = h.get("checkpoint")
        if cp is not None:
            try:
                if not isinstance(cp, dict) or set(cp) != CHECKPOINT_FIELDS or cp["v"] != 2:
                    raise ValueError("wrong members")
                canonical(cp)
                self.first_seq = cp["first_seq"]
                if not is_uint(self.first_seq) or not is_uint(cp["tree_heads"]):
                    raise ValueError("first_seq or tree_heads")
                nodes = [unhex(x, 32, "frontier") for x in cp["frontier"]]
                self.frontier = Frontier(self.first_seq, nodes)
                self.prev_hash = unhex(cp["prev_hash"], 32, "prev_hash")
                self.prev_ts = cp["last_timestamp_us"]
                self.th_count = cp["tree_heads"]
                self.th_hash = unhex(cp["tree_head_hash"], 32, "tree_head_hash")
                raw = unb64(cp["public_key"], 32, "public_key")
                unhex(cp["key_id"], 32, "key_id")
                unb64(cp["sig"], 64, "sig")
            except (ValueError, KeyError, TypeError) as e:
                raise Bad(None, "the pruning checkpoint is malformed: " + str(e))
            kid = key_id_of(raw)
            self.keys[kid] = public_key(raw)
            self.current = kid
            self.history = list(cp["key_ids"])
            if kid not in self.history:
                self.history.append(kid)
            self.checkpoint = cp
        if h["first_seq"] != self.first_seq:
            raise Bad(self.first_seq, "the header's first_seq does not match the checkpoint")
        self.expect = self.first_seq
        self.completeness = Completeness(self.checkpoint is not None)

    def record(self, raw):
        seq = self.expect
        try:
            r = parse_canonical(raw)
            if not isinstance(r, dict) or set(r) != RECORD_FIELDS:
                raise ValueError("not a record object with exactly the members of section 2")
            if r["v"] != 2:
                raise ValueError("unknown version")
            if not is_uint(r["seq"]) or not is_int(r["timestamp_us"]) or not is_uint(r["tree_heads"]):
                raise ValueError("seq, timestamp_us or tree_heads is not an integer")
            if not isinstance(r["type"], str) or not r["type"] or not isinstance(r["request_id"], str):
                raise ValueError("type or request_id malformed")
            if not isinstance(r["data"], dict):
                raise ValueError("data is not an object")
            prev = unhex(r["prev_hash"], 32, "prev_hash")
            th_hash = unhex(r["tree_head_hash"], 32, "tree_head_hash")
            unhex(r["key_id"], 32, "key_id")
            sig = unb64(r["sig"], 64, "sig")
        except (ValueError, UnicodeDecodeError) as e:
            raise Bad(seq, "record %d is damaged: %s" % (seq, e))
        if r["seq"] != seq:
            raise Bad(seq, "record %d is missing or out of place: the next record claims seq %d" % (seq, r["seq"]))
        if prev != self.prev_hash:
            raise Bad(seq, "record %d breaks the hash chain" % seq)
        if self.prev_ts is not None and r["timestamp_us"] < self.prev_ts:
            raise Bad(seq, "record %d is older than the record before it" % seq)
        if r["tree_heads"] != self.th_count or th_hash != self.th_hash:
            raise Bad(seq, "record %d was signed after %d signed tree heads, but the export holds %d before it "
                      "(signed tree heads were removed or lost)" % (seq, r["tree_heads"], self.th_count))
        data = r["data"]
        if seq == 0 and self.checkpoint is None:
            if r["type"] != "audit.log_created":
                raise Bad(seq, "record 0 is not audit.log_created")
            try:
                raw_pub = unb64(data.get("public_key"), 32, "public_key")
            except ValueError as e:
                raise Bad(seq, "record 0: " + str(e))
            kid = key_id_of(raw_pub)
            if kid != r["key_id"] or data.get("key_id") != kid:
                raise Bad(seq, "record 0's key id does not match its public key")
            self.keys[kid] = public_key(raw_pub)
            self.current = kid
            self.history.append(kid)
        elif r["type"] == "audit.log_created":
            raise Bad(seq, "record %d claims to start a new log" % seq)
        if r["key_id"] != self.current:
            raise Bad(seq, "record %d is signed by key %s, not the current key %s" % (seq, r["key_id"], self.current))
        if not ed25519_ok(self.keys[self.current], RECORD_DOMAIN + canonical(without_sig(r)), sig):
            raise Bad(seq, "record %d has a bad signature" % seq)
        if r["type"] == "audit.key_rotated":
            self.rotate(seq, data)
        self.completeness.add(seq, r)
        if self.receipt is not None and seq in (self.receipt["seq_first"], self.receipt["seq_last"]):
            self.receipt_request_ids[seq] = r["request_id"]
        h = record_hash(r)
        self.prev_hash = h
        self.prev_ts = r["timestamp_us"]
        self.frontier.append(h)
        self.expect += 1
        self.records += 1
        self.at_size()

    def rotate(self, seq, data):
        try:
            if data.get("old_key_id") != self.current:
                raise ValueError("old_key_id is not the current key")
            raw = unb64(data.get("new_public_key"), 32, "new_public_key")
            kid = key_id_of(raw)
            if data.get("new_key_id") != kid:
                raise ValueError("new_key_id does not match new_public_key")
            pop = unb64(data.get("new_key_signature"), 64, "new_key_signature")
        except ValueError as e:
            raise Bad(seq, "record %d: invalid key rotation: %s" % (seq, e))
        key = public_key(raw)
        msg = ROTATION_DOMAIN + self.current.encode("ascii") + b"\n" + kid.encode("ascii")
        if not ed25519_ok(key, msg, pop):
            raise Bad(seq, "record %d: the new key's rotation signature is invalid" % seq)
        self.keys[kid] = key
        self.current = kid
        self.history.append(kid)

    def finish(self):
        last = self.expect - 1 if self.expect > self.first_seq else None
        if self.header_tree_size != self.expect:
            raise Bad(self.expect, "the export header says %d records but the export ends at %d"
                      % (self.header_tree_size, self.expect))
        if self.th_next < len(self.tree_heads):
            n = self.tree_heads[self.th_next]["tree_size"]
            raise Bad(self.expect, "a tree head covers %d records, the log holds %d (truncated)" % (n, self.expect))
        if self.header_tree_heads != self.th_count or self.header_th_hash != self.th_hash:
            raise Bad(last, "the export header says %d signed tree heads were written, but the export holds %d "
                      "(signed tree heads after the last record were removed or lost)"
                      % (self.header_tree_heads, self.th_count))
        for th in self.tree_heads:
            n = th["tree_size"]
            if n < self.first_seq:
                raise Bad(None, "a tree head covers pruned records only")
            root, key_at = self.roots[n]
            if unhex(th["root_hash"], 32, "root_hash") != root:
                raise Bad(n - 1 if n else None, "the tree head at size %d does not match the records" % n)
            if th["key_id"] != key_at:
                raise Bad(n - 1 if n else None, "the tree head at size %d is not signed by the key current then" % n)
            if not ed25519_ok(self.keys[key_at], TREE_HEAD_DOMAIN + canonical(without_sig(th)),
                              unb64(th["sig"], 64, "sig")):
                raise Bad(n - 1 if n else None, "the tree head at size %d has a bad signature" % n)
        if self.checkpoint is not None:
            key = self.keys.get(self.checkpoint["key_id"])
            if key is None or not ed25519_ok(key, CHECKPOINT_DOMAIN + canonical(without_sig(self.checkpoint)),
                                             unb64(self.checkpoint["sig"], 64, "sig")):
                raise Bad(self.first_seq, "the pruning checkpoint's signature is invalid")
        if self.trusted_id not in self.history:
            raise Bad(self.first_seq, "the log is not signed by the trusted key %s" % self.trusted_id)
        if self.receipt is not None:
            self.check_receipt()
        for s in self.completeness.open_starts:
            self.notes.append("record %d: execution started and has not ended" % s)

    def check_receipt(self):
        r = self.receipt
        n = r["tree_size"]
        if not (r["seq_first"] <= r["seq_last"] < n):
            raise Bad(None, "the receipt is malformed")
        if n > self.expect:
            raise Bad(self.expect, "the log holds %d records but the receipt covers %d (truncated or rolled back)"
                      % (self.expect, n))
        if n < self.first_seq:
            raise Bad(None, "the receipt covers pruned records only")
        key = self.keys.get(r["key_id"])
        if key is None:
            raise Bad(None, "the receipt is signed by a key that is not the log's")
        body = {"v": 1, "tree_size": n, "timestamp_us": r["timestamp_us"], "root_hash": r["root_hash"],
                "key_id": r["key_id"]}
        if not ed25519_ok(key, TREE_HEAD_DOMAIN + canonical(body), unb64(r["signature"], 64, "signature")):
            raise Bad(None, "the receipt's signature is invalid")
        if self.roots[n][0] != unhex(r["root_hash"], 32, "root_hash"):
            raise Bad(r["seq_last"], "the log's root at tree size %d differs from the receipt" % n)


def verify(lines, trusted_raw, receipt=None):
    v = Verifier(trusted_raw, receipt)
    if not lines:
        raise Bad(None, "the export is empty")
    try:
        header = parse_canonical(lines[0])
    except (ValueError, UnicodeDecodeError) as e:
        raise Bad(None, "the export header is damaged: %s" % e)
    v.header(header)
    parsed = []
    in_records = True  # no tree head line yet
    for i, line in enumerate(lines[1:], start=2):
        # A record line is {"kind":"record","record":<record bytes>}: take the
        # bytes as they are, so the hash covers exactly what was exported.
        prefix, suffix = b'{"kind":"record","record":', b"}"
        if line.startswith(prefix) and line.endswith(suffix):
            parsed.append(("record", line[len(prefix):-len(suffix)], i))
            continue
        try:
            obj = parse_canonical(line)
        except (ValueError, UnicodeDecodeError) as e:
            obj, damage = None, "line %d is damaged: %s" % (i, e)
        else:
            damage = None
            if obj.get("kind") != "tree_head" or not isinstance(obj.get("tree_head"), dict):
                damage = "line %d is neither a record nor a tree head" % i
        if damage is not None:
            if in_records:
                # It stands where a record should: named as that record, once
                # the records before it are checked (one of them may be the
                # first bad one).
                parsed.append(("damaged", damage, i))
                continue
            raise Bad(None, damage)  # among the tree heads: no record's place
        in_records = False
        th = obj["tree_head"]
        try:
            if set(th) != TREE_HEAD_FIELDS or th["v"] != 1 or not is_uint(th["tree_size"]) or \
                    not is_int(th["timestamp_us"]):
                raise ValueError("wrong members")
            unhex(th["root_hash"], 32, "root_hash")
            unhex(th["key_id"], 32, "key_id")
            unb64(th["sig"], 64, "sig")
        except (ValueError, TypeError) as e:
            raise Bad(None, "line %d: a malformed tree head: %s" % (i, e))
        parsed.append(("tree_head", th, i))
    last_key = None
    for kind, item, i in parsed:
        if kind == "tree_head":
            key = (item["tree_size"], item["timestamp_us"])
            if last_key is not None and key <= last_key:
                raise Bad(None, "line %d: the tree heads are not in the order of tree size and time" % i)
            last_key = key
            v.tree_heads.append(item)
            v.wanted_sizes.add(item["tree_size"])
    if receipt is not None:
        v.wanted_sizes.add(receipt["tree_size"])
    v.at_size()  # the starting size (0, or the pruning point)
    seen_tree_head = False
    for kind, item, i in parsed:
        if kind == "tree_head":
            seen_tree_head = True
            continue
        if seen_tree_head:
            raise Bad(v.expect, "line %d: a record after the tree heads" % i)
        if kind == "damaged":
            raise Bad(v.expect, item)
        v.record(item)
    v.finish()
    return v


@dataclasses.dataclass(frozen=True)
class Report:
    """What an intact export holds."""

    records: int
    tree_heads: int
    first_seq: int
    tree_size: int
    root_hash: str
    key_ids: List[str]
    receipt_checked: bool
    notes: List[str]

    @classmethod
    def of(cls, v: Verifier) -> "Report":
        return cls(records=v.records, tree_heads=len(v.tree_heads), first_seq=v.first_seq,
                   tree_size=v.expect, root_hash=v.frontier.root().hex(), key_ids=list(v.history),
                   receipt_checked=v.receipt is not None, notes=list(v.notes))


# The names a program catches.
AuditFailure = Bad
UnusableInput = Unusable

RECEIPT_FIELDS = ("seq_first", "seq_last", "tree_size", "root_hash", "signature", "key_id", "timestamp_us")


def receipt_of(obj: Any) -> dict:
    """The receipt in a Result, a result dict, a Receipt or a bare receipt dict."""
    audit = getattr(obj, "audit", None)
    if audit is not None and not isinstance(obj, Mapping):
        obj = audit
    if hasattr(obj, "to_dict"):
        obj = obj.to_dict()
    if isinstance(obj, Mapping) and "audit" in obj:
        obj = obj["audit"]
    if not isinstance(obj, Mapping) or any(k not in obj for k in RECEIPT_FIELDS):
        raise Unusable("no complete audit receipt (the result has none: was it refused before it was recorded?)")
    return dict(obj)


def load_trusted(source: Union[str, bytes, os.PathLike]) -> bytes:
    """The raw Ed25519 public key from a PEM file (a path) or PEM bytes."""
    try:
        if isinstance(source, bytes):
            pem, name = source, "(PEM bytes)"
        else:
            name = os.fspath(source)
            with open(name, "rb") as f:
                pem = f.read()
        key = load_pem_public_key(pem)
    except (OSError, ValueError) as e:
        raise Unusable("cannot use public key %s: %s" % (name, e))
    if not isinstance(key, Ed25519PublicKey):
        raise Unusable("public key %s is not an Ed25519 key" % name)
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def load_receipt(path):
    try:
        with open(path, "rb") as f:
            obj = json.loads(f.read().decode("utf-8"))
    except (OSError, ValueError) as e:
        raise Unusable("cannot read receipt %s: %s" % (path, e))
    try:
        return receipt_of(obj)
    except Unusable:
        raise Unusable("receipt %s has no complete audit receipt" % path)


def export_lines(export: Union[str, bytes, os.PathLike, Iterable[bytes]]) -> List[bytes]:
    """The lines of an export given as a path, its bytes, or its lines."""
    if isinstance(export, (str, os.PathLike)):
        try:
            with open(export, "rb") as f:
                export = f.read()
        except OSError as e:
            raise Unusable("cannot read %s: %s" % (os.fspath(export), e))
    if isinstance(export, bytes):
        lines = export.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        return lines
    return [line.rstrip(b"\n") for line in export]


def verify_export(export, pubkey, receipt: Optional[Mapping] = None) -> Report:
    """Verifies a whole export (section 7), and the receipt against it if given.

    Raises AuditFailure (with .seq and .reason) when it does not verify,
    UnusableInput when the key or the export cannot be read."""
    return Report.of(verify(export_lines(export), load_trusted(pubkey),
                            dict(receipt) if receipt is not None else None))


def check_result(result: Any, export, pubkey) -> Report:
    """Checks a run's receipt offline: the export is intact and signed by
    `pubkey`, it holds everything the receipt covers with the root the
    receipt signs, and the receipt's first and last records are this
    request's (when `result` names its request)."""
    receipt = receipt_of(result)
    v = verify(export_lines(export), load_trusted(pubkey), receipt)
    request_id = result.get("request_id") if isinstance(result, Mapping) else getattr(result, "request_id", None)
    if request_id:
        for seq in (receipt["seq_first"], receipt["seq_last"]):
            found = v.receipt_request_ids.get(seq)
            if found is None:
                raise Bad(seq, "the receipt names record %d, which the export does not hold" % seq)
            if found != request_id:
                raise Bad(seq, "record %d belongs to request %s, not to %s" % (seq, found or "(none)", request_id))
    return Report.of(v)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Verify a mai-sandbox audit export (mai-audit/v2) offline.")
    ap.add_argument("export", help="the JSONL export, or - for standard input")
    ap.add_argument("--pubkey", required=True, help="trusted Ed25519 public key (PEM)")
    ap.add_argument("--receipt", help="a result JSON with an \"audit\" object, or the bare receipt")
    ap.add_argument("--json", action="store_true", help="print a JSON report")
    args = ap.parse_args(argv)
    try:
        trusted = load_trusted(args.pubkey)
        receipt = load_receipt(args.receipt) if args.receipt else None
        try:
            if args.export == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(args.export, "rb") as f:
                    data = f.read()
        except OSError as e:
            raise Unusable("cannot read %s: %s" % (args.export, e))
    except Unusable as e:
        print("verify_export: " + str(e), file=sys.stderr)
        return 2
    try:
        report = Report.of(verify(export_lines(data), trusted, receipt))
    except Bad as e:
        if args.json:
            print(json.dumps({"ok": False, "first_bad_seq": e.seq, "reason": e.reason}))
        else:
            where = " at record %d" % e.seq if e.seq is not None else ""
            print("export verification FAILED%s: %s" % (where, e.reason))
        return 1
    if args.json:
        print(json.dumps(dict(ok=True, **dataclasses.asdict(report))))
    else:
        print("export intact: %d records, %d signed tree heads, tree size %d, root %s"
              % (report.records, report.tree_heads, report.tree_size, report.root_hash))
        if receipt is not None:
            print("receipt: the export holds everything the receipt covers")
        for n in report.notes:
            print("note: " + n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
