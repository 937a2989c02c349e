#!/usr/bin/python3
"""Checks the output of `mai-sandbox audit prove` or `audit consistency`
offline, from docs/audit-format.md alone (RFC 6962 / RFC 9162 proofs, tree
heads signed with Ed25519).

    audit_verify_proof.py --pubkey audit.pub proof.json

An inclusion proof must show its record (whose hash is recomputed from the
canonical bytes of the record without its "sig") in the signed tree head it carries; a consistency
proof must link its two roots (and their tree heads, when present). Exit 0
when the proof holds, 1 when it does not, 2 on unusable input.
"""
import argparse
import base64
import hashlib
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import load_pem_public_key

TREE_HEAD_DOMAIN = b"mai-audit/v1/tree-head\n"


def sha256(b):
    return hashlib.sha256(b).digest()


def node(left, right):
    return sha256(b"\x01" + left + right)


def canonical(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def verify_inclusion(leaf, index, size, path, root):
    if index >= size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node(p, r)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = node(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def verify_consistency(first, second, first_root, second_root, path):
    if first > second:
        return False
    if first == second:
        return not path and first_root == second_root
    if first == 0:
        return not path
    if not path:
        return False
    path = list(path)
    if first & (first - 1) == 0:
        path.insert(0, first_root)
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node(c, fr), node(c, sr)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            sr = node(sr, c)
        fn >>= 1
        sn >>= 1
    return fr == first_root and sr == second_root and sn == 0


def tree_head_ok(keys, th, size, root):
    if th is None:
        return None
    body = {k: v for k, v in th.items() if k != "sig"}
    if th.get("tree_size") != size or bytes.fromhex(th.get("root_hash", "")) != root:
        return False
    for key in keys:
        try:
            key.verify(base64.b64decode(th["sig"], validate=True), TREE_HEAD_DOMAIN + canonical(body))
            return True
        except (InvalidSignature, ValueError, KeyError):
            continue
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("proof")
    ap.add_argument("--pubkey", required=True, action="append",
                    help="a public key of the log (PEM); repeat for keys from before a rotation")
    args = ap.parse_args()
    try:
        keys = []
        for path in args.pubkey:
            with open(path, "rb") as f:
                key = load_pem_public_key(f.read())
            if not isinstance(key, Ed25519PublicKey):
                raise ValueError(path + " is not an Ed25519 key")
            keys.append(key)
        with open(args.proof, "rb") as f:
            proof = json.loads(f.read())
    except (OSError, ValueError) as e:
        print("audit_verify_proof: %s" % e, file=sys.stderr)
        return 2
    try:
        if "audit_path" in proof:
            # The record hash covers the record without its signature (mai-audit/v2).
            body = {k: v for k, v in proof["record"].items() if k != "sig"}
            leaf = sha256(b"\x00" + canonical(body))
            if leaf.hex() != proof["leaf_hash"]:
                print("proof FAILED: the record does not hash to leaf_hash")
                return 1
            root = bytes.fromhex(proof["root_hash"])
            path = [bytes.fromhex(h) for h in proof["audit_path"]]
            if proof["record"]["seq"] != proof["leaf_index"] or not verify_inclusion(
                    leaf, proof["leaf_index"], proof["tree_size"], path, root):
                print("proof FAILED: record %s is not in the tree of size %s" % (proof["leaf_index"], proof["tree_size"]))
                return 1
            signed = tree_head_ok(keys, proof.get("tree_head"), proof["tree_size"], root)
            if signed is False:
                print("proof FAILED: the tree head does not match or its signature is invalid")
                return 1
            print("record %d is in the tree of size %d (root %s)%s" % (
                proof["leaf_index"], proof["tree_size"], proof["root_hash"],
                ", signed" if signed else "; no signed tree head at that size"))
            return 0
        first_root, second_root = bytes.fromhex(proof["first_root"]), bytes.fromhex(proof["second_root"])
        path = [bytes.fromhex(h) for h in proof["consistency_path"]]
        if not verify_consistency(proof["first"], proof["second"], first_root, second_root, path):
            print("proof FAILED: tree %s is not a prefix of tree %s" % (proof["first"], proof["second"]))
            return 1
        for name, size, root in (("first_tree_head", proof["first"], first_root),
                                 ("second_tree_head", proof["second"], second_root)):
            if tree_head_ok(keys, proof.get(name), size, root) is False:
                print("proof FAILED: %s does not match or its signature is invalid" % name)
                return 1
        print("tree %d is a prefix of tree %d" % (proof["first"], proof["second"]))
        return 0
    except (KeyError, TypeError, ValueError) as e:
        print("audit_verify_proof: malformed proof: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
