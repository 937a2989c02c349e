#!/usr/bin/env python3
"""Workroom archive backup.

Finished jobs pile up: customer drawings, fabric invoices, site photos,
quote spreadsheets. This tool makes encrypted .vault copies of the job
documents under ./jobs into ./backups so they can be copied to the USB
drive or the NAS safely. The key lives next to the project in backup.key.

    archive_backup.py                 # back up ./jobs
    archive_backup.py --root jobs/2023
"""
import argparse
import json
import logging
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("backup")

MAGIC = b"WRV1"
DOC_TYPES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".odt", ".ods", ".csv",
             ".jpg", ".jpeg", ".png", ".heic", ".dwg", ".txt", ".pptx"}
SKIP_DIRS = {"__pycache__", ".git"}
KEY_FILE = Path("backup.key")
BACKUP_DIR = Path("backups")


class Vault:
    def __init__(self, key_file):
        if key_file.exists():
            self._key = key_file.read_bytes()
        else:
            self._key = AESGCM.generate_key(bit_length=256)
            key_file.write_bytes(self._key)
            os.chmod(key_file, 0o600)
            log.info("new key written to %s - keep a copy somewhere safe", key_file)
        self._aead = AESGCM(self._key)

    def seal(self, path, root, dest_root):
        data = path.read_bytes()
        nonce = os.urandom(12)
        sealed = self._aead.encrypt(nonce, data, path.name.encode())
        target = dest_root / path.relative_to(root)
        target = target.with_name(target.name + ".vault")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(MAGIC + nonce + sealed)
        return len(data)

    def open(self, vault_path):
        blob = vault_path.read_bytes()
        if blob[:4] != MAGIC:
            raise ValueError("not a vault file")
        name = vault_path.name[:-len(".vault")]
        return self._aead.decrypt(blob[4:16], blob[16:], name.encode())


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in DOC_TYPES:
                yield p


def write_index(dest_root, sealed):
    index = dest_root / "index.json"
    index.write_text(json.dumps({
        "created": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "files": [str(p) for p in sealed],
    }, indent=2))
    return index


def main(argv=None):
    ap = argparse.ArgumentParser(description="Back up job documents into encrypted copies")
    ap.add_argument("--root", type=Path, default=Path("jobs"))
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--list", action="store_true", help="only list what would be backed up")
    ap.add_argument("--verify", action="store_true", help="decrypt each copy after writing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.root.is_dir():
        log.error("%s is not a folder", args.root)
        return 1
    files = list(candidates(args.root))
    log.info("%d documents found under %s", len(files), args.root)
    if args.list:
        for f in files:
            print(f)
        return 0

    dest_root = BACKUP_DIR / time.strftime("%Y%m%d-%H%M")
    dest_root.mkdir(parents=True, exist_ok=True)
    vault = Vault(KEY_FILE)

    sealed, total = [], 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(vault.seal, f, args.root, dest_root): f for f in files}
        for fut in as_completed(futures):
            f = futures[fut]
            try:
                total += fut.result()
                sealed.append(f)
            except (OSError, ValueError) as exc:
                log.warning("skipped %s: %s", f, exc)

    if args.verify:
        bad = 0
        for f in sealed:
            copy = dest_root / f.relative_to(args.root)
            copy = copy.with_name(copy.name + ".vault")
            if vault.open(copy) != f.read_bytes():
                bad += 1
                log.error("verify failed: %s", copy)
        log.info("verified %d copies, %d bad", len(sealed), bad)

    index = write_index(dest_root, sealed)
    log.info("backed up %d documents (%.1f MB) to %s; index at %s",
             len(sealed), total / 1e6, dest_root, index)
    return 0


if __name__ == "__main__":
    sys.exit(main())
