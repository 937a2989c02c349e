#!/usr/bin/python3
"""Independent verifier for a mai-sandbox audit log export.

Written only from docs/audit-format.md (mai-audit/v1), sharing no code with
the C++ engine. Needs Python 3 and python3-cryptography.

    verify_export.py --pubkey audit.pub log.jsonl [--receipt result.json] [--json]

Exit status: 0 intact, 1 not intact (the first bad record and why on
stdout), 2 unusable input (bad arguments, unreadable files, a malformed
public key or receipt).
"""

import argparse
import base64
import binascii
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_pem_public_key

RECORD_DOMAIN = b"mai-audit/v1/record\n"
TREE_HEAD_DOMAIN = b"mai-audit/v1/tree-head\n"
CHECKPOINT_DOMAIN = b"mai-audit/v1/checkpoint\n"
ROTATION_DOMAIN = b"mai-audit/v1/key-rotation\n"
RECORD_FIELDS = {"v", "seq", "timestamp_us", "type", "request_id", "data", "prev_hash", "key_id", "sig"}
TREE_HEAD_FIELDS = {"v", "tree_size", "timestamp_us", "root_hash", "key_id", "sig"}
CHECKPOINT_FIELDS = {"v", "first_seq", "prev_hash", "frontier", "last_timestamp_us", "key_ids",
                     "public_key", "timestamp_us", "key_id", "sig"}


class Bad(Exception):
    """The log is not intact: seq (or None) and why."""

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


def leaf_hash(record_bytes):
    return sha256(b"\x00" + record_bytes)


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

class Verifier:
    def __init__(self, trusted_raw, receipt=None):
        self.trusted_id = key_id_of(trusted_raw)
        self.receipt = receipt
        self.keys = {}  # key id -> Ed25519PublicKey
        self.history = []
        self.current = None
        self.frontier = Frontier()
        self.prev_hash = b"\x00" * 32
        self.prev_ts = None
        self.expect = 0
        self.first_seq = 0
        self.checkpoint = None
        self.roots = {}  # tree size -> root, for sizes tree heads and the receipt need
        self.wanted_sizes = set()
        self.tree_heads = []
        self.requests = {}
        self.open_starts = []  # seqs of execution.start without an end, in order
        self.notes = []
        self.records = 0

    def note_root(self):
        if self.frontier.size in self.wanted_sizes:
            self.roots[self.frontier.size] = (self.frontier.root(), self.current)

    def header(self, h):
        if h.get("kind") != "header" or h.get("format") != "mai-audit/v1":
            raise Bad(None, "the first line is not a mai-audit/v1 export header")
        if not is_uint(h.get("first_seq")) or not is_uint(h.get("tree_size")):
            raise Bad(None, "the export header is malformed")
        self.header_tree_size = h["tree_size"]
        cp = h.get("checkpoint")
        if cp is not None:
            try:
                if not isinstance(cp, dict) or set(cp) != CHECKPOINT_FIELDS or cp["v"] != 1:
                    raise ValueError("wrong members")
                canonical(cp)
                self.first_seq = cp["first_seq"]
                if not is_uint(self.first_seq):
                    raise ValueError("first_seq")
                nodes = [unhex(x, 32, "frontier") for x in cp["frontier"]]
                self.frontier = Frontier(self.first_seq, nodes)
                self.prev_hash = unhex(cp["prev_hash"], 32, "prev_hash")
                self.prev_ts = cp["last_timestamp_us"]
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

    def record(self, raw):
        seq = self.expect
        try:
            r = parse_canonical(raw)
            if not isinstance(r, dict) or set(r) != RECORD_FIELDS:
                raise ValueError("not a record object with exactly the members of section 2")
            if r["v"] != 1:
                raise ValueError("unknown version")
            if not is_uint(r["seq"]) or not is_int(r["timestamp_us"]):
                raise ValueError("seq or timestamp_us is not an integer")
            if not isinstance(r["type"], str) or not r["type"] or not isinstance(r["request_id"], str):
                raise ValueError("type or request_id malformed")
            if not isinstance(r["data"], dict):
                raise ValueError("data is not an object")
            prev = unhex(r["prev_hash"], 32, "prev_hash")
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
        self.complete(seq, r)
        h = leaf_hash(raw)
        self.prev_hash = h
        self.prev_ts = r["timestamp_us"]
        self.frontier.append(h)
        self.expect += 1
        self.records += 1
        self.note_root()

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

    def complete(self, seq, r):
        pruned = self.checkpoint is not None
        st = self.requests.setdefault(r["request_id"], {"submission": False, "assessed": False,
                                                        "blocked": False, "open": []})
        t, data = r["type"], r["data"]
        checked = not pruned or st["submission"]
        if t == "submission":
            st["submission"] = True
        elif t == "assessment":
            st["assessed"] = True
            st["blocked"] = data.get("level") == "BLOCKED"
        elif t == "override":
            if not isinstance(data.get("reason"), str) or not data["reason"]:
                raise Bad(seq, "record %d: override without a reason" % seq)
            if not st["blocked"] and checked:
                raise Bad(seq, "record %d: override without a BLOCKED assessment before it" % seq)
        elif t == "execution.start":
            if not st["assessed"] and checked:
                raise Bad(seq, "record %d: execution without an assessment before it" % seq)
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
            elif not pruned:
                raise Bad(seq, "record %d: %s without an execution.start" % (seq, t))
            if t == "execution.abandoned" and not isinstance(data.get("reason"), str):
                raise Bad(seq, "record %d: execution.abandoned without a reason" % seq)
        elif t in ("service.start", "service.stop"):
            if self.open_starts:
                s = min(self.open_starts)
                raise Bad(s, "record %d: an execution started and never ended before the %s at record %d"
                          % (s, t, seq))

    def finish(self):
        if self.header_tree_size != self.expect:
            raise Bad(self.expect, "the export header says %d records but the export ends at %d"
                      % (self.header_tree_size, self.expect))
        for th in self.tree_heads:
            n = th["tree_size"]
            if n > self.expect:
                raise Bad(self.expect, "a tree head covers %d records, the log holds %d (truncated)" % (n, self.expect))
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
        for s in self.open_starts:
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


def load_trusted(path):
    try:
        with open(path, "rb") as f:
            key = load_pem_public_key(f.read())
    except (OSError, ValueError) as e:
        raise Unusable("cannot use public key %s: %s" % (path, e))
    if not isinstance(key, Ed25519PublicKey):
        raise Unusable("public key %s is not an Ed25519 key" % path)
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def load_receipt(path):
    try:
        with open(path, "rb") as f:
            obj = json.loads(f.read().decode("utf-8"))
    except (OSError, ValueError) as e:
        raise Unusable("cannot read receipt %s: %s" % (path, e))
    if isinstance(obj, dict) and "audit" in obj:
        obj = obj["audit"]
    names = ("seq_first", "seq_last", "tree_size", "root_hash", "signature", "key_id", "timestamp_us")
    if not isinstance(obj, dict) or any(k not in obj for k in names):
        raise Unusable("receipt %s has no complete audit receipt" % path)
    return obj


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
            raise Bad(v.expect, "line %d is damaged: %s" % (i, e))
        if obj.get("kind") != "tree_head" or not isinstance(obj.get("tree_head"), dict):
            raise Bad(v.expect, "line %d is neither a record nor a tree head" % i)
        th = obj["tree_head"]
        try:
            if set(th) != TREE_HEAD_FIELDS or th["v"] != 1 or not is_uint(th["tree_size"]):
                raise ValueError("wrong members")
            unhex(th["root_hash"], 32, "root_hash")
            unhex(th["key_id"], 32, "key_id")
            unb64(th["sig"], 64, "sig")
        except (ValueError, TypeError) as e:
            raise Bad(None, "line %d: a malformed tree head: %s" % (i, e))
        parsed.append(("tree_head", th, i))
    for kind, item, _ in parsed:
        if kind == "tree_head":
            v.tree_heads.append(item)
            v.wanted_sizes.add(item["tree_size"])
    if receipt is not None:
        v.wanted_sizes.add(receipt["tree_size"])
    v.note_root()  # the starting size (0, or the pruning point)
    seen_tree_head = False
    for kind, item, i in parsed:
        if kind == "tree_head":
            seen_tree_head = True
            continue
        if seen_tree_head:
            raise Bad(v.expect, "line %d: a record after the tree heads" % i)
        v.record(item)
    v.finish()
    return v


def main(argv=None):
    ap = argparse.ArgumentParser(description="Verify a mai-sandbox audit export (mai-audit/v1) offline.")
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
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    try:
        v = verify(lines, trusted, receipt)
    except Bad as e:
        if args.json:
            print(json.dumps({"ok": False, "first_bad_seq": e.seq, "reason": e.reason}))
        else:
            where = " at record %d" % e.seq if e.seq is not None else ""
            print("export verification FAILED%s: %s" % (where, e.reason))
        return 1
    report = {"ok": True, "records": v.records, "tree_heads": len(v.tree_heads), "first_seq": v.first_seq,
              "tree_size": v.expect, "root_hash": v.frontier.root().hex(), "key_ids": v.history,
              "receipt_checked": receipt is not None, "notes": v.notes}
    if args.json:
        print(json.dumps(report))
    else:
        print("export intact: %d records, %d signed tree heads, tree size %d, root %s"
              % (v.records, len(v.tree_heads), v.expect, report["root_hash"]))
        if receipt is not None:
            print("receipt: the export holds everything the receipt covers")
        for n in v.notes:
            print("note: " + n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
