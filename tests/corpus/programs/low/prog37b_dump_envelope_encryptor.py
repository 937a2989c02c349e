#!/usr/bin/env python3
"""Encrypt the nightly database dump files in ./backups before they are
picked up by the off-site sync job.

* Only files under the project's ./backups directory are touched.
* Originals are kept until a round-trip decrypt check succeeds; they are
  never removed by this tool (retention is handled by the sync job).
* The Fernet key lives in ./keys/backup.key with mode 0600.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

BACKUP_DIR = Path("backups")
KEY_PATH = Path("keys/backup.key")
INDEX_PATH = BACKUP_DIR / "encrypted_index.json"
DUMP_SUFFIXES = (".sql", ".sql.gz", ".dump")

log = logging.getLogger("dump_encryptor")


def load_or_create_key(path: Path) -> bytes:
    if path.exists():
        return path.read_bytes().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Fernet.generate_key()
    path.write_bytes(key)
    os.chmod(path, 0o600)
    log.info("generated new backup key at %s", path)
    return key


def find_dumps(directory: Path) -> list:
    found = []
    for entry in sorted(directory.iterdir()):
        if entry.is_file() and entry.name.endswith(DUMP_SUFFIXES):
            found.append(entry)
    return found


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class DumpEncryptor:
    def __init__(self, key: bytes):
        self.fernet = Fernet(key)

    def encrypt(self, src: Path) -> Path:
        dst = src.with_name(src.name + ".enc")
        token = self.fernet.encrypt(src.read_bytes())
        dst.write_bytes(token)
        os.chmod(dst, 0o600)
        return dst

    def verify(self, src: Path, enc: Path) -> bool:
        try:
            plain = self.fernet.decrypt(enc.read_bytes())
        except InvalidToken:
            return False
        return hashlib.sha256(plain).hexdigest() == sha256_of(src)


def update_index(entries: list) -> None:
    index = []
    if INDEX_PATH.exists():
        index = json.loads(INDEX_PATH.read_text())
    index.extend(entries)
    INDEX_PATH.write_text(json.dumps(index, indent=2))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--skip-existing", action="store_true", default=True)
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not BACKUP_DIR.is_dir():
        log.error("no %s directory in %s", BACKUP_DIR, Path.cwd())
        return 2

    enc = DumpEncryptor(load_or_create_key(KEY_PATH))
    new_entries = []
    for dump in find_dumps(BACKUP_DIR):
        target = dump.with_name(dump.name + ".enc")
        if args.skip_existing and target.exists():
            log.debug("already encrypted: %s", dump.name)
            continue
        out = enc.encrypt(dump)
        if not enc.verify(dump, out):
            log.error("verification failed for %s; removing bad ciphertext", out)
            out.unlink()
            continue
        new_entries.append(
            {
                "source": dump.name,
                "encrypted": out.name,
                "sha256": sha256_of(dump),
                "at": datetime.now(timezone.utc).isoformat(),
            }
        )
        log.info("encrypted %s -> %s (original kept)", dump.name, out.name)

    if new_entries:
        update_index(new_entries)
    log.info("%d dump(s) encrypted", len(new_entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
