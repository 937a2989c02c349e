#!/usr/bin/env python3
"""sealed-notes: a small encrypted notebook kept in ./notes.db.

Notes are pickled, then encrypted with AES under a key derived from the
master passphrase. Commands: add, show, list, delete.
"""
import argparse
import getpass
import hashlib
import logging
import pickle
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from Crypto.Cipher import AES
from Crypto.Util.Padding import pad, unpad

DB = Path("notes.db")
MAGIC = b"SNB1"
log = logging.getLogger("sealed-notes")


@dataclass
class Note:
    title: str
    body: str
    tags: list = field(default_factory=list)
    created: float = field(default_factory=time.time)


class Notebook:
    def __init__(self, passphrase: str):
        self._key = hashlib.pbkdf2_hmac("sha256", passphrase.encode(), b"sealed-notes", 200_000)
        self.notes = {}

    def _cipher(self):
        return AES.new(self._key, AES.MODE_ECB)

    def load(self):
        if not DB.exists():
            return self
        blob = DB.read_bytes()
        if not blob.startswith(MAGIC):
            raise ValueError("notes.db is not a sealed-notes file")
        try:
            plain = unpad(self._cipher().decrypt(blob[len(MAGIC):]), AES.block_size)
        except ValueError as exc:
            raise ValueError("wrong passphrase or corrupted notebook") from exc
        self.notes = pickle.loads(plain)
        return self

    def save(self):
        plain = pickle.dumps(self.notes, protocol=pickle.HIGHEST_PROTOCOL)
        DB.write_bytes(MAGIC + self._cipher().encrypt(pad(plain, AES.block_size)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("title")
    a.add_argument("--tag", action="append", default=[])
    s = sub.add_parser("show")
    s.add_argument("title")
    d = sub.add_parser("delete")
    d.add_argument("title")
    sub.add_parser("list")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    book = Notebook(getpass.getpass("master passphrase: "))
    try:
        book.load()
    except ValueError as exc:
        log.error("%s", exc)
        return 1

    if args.cmd == "add":
        print("enter note body, end with Ctrl-D:")
        book.notes[args.title] = Note(args.title, sys.stdin.read(), args.tag)
        book.save()
        log.info("saved '%s'", args.title)
    elif args.cmd == "show":
        note = book.notes.get(args.title)
        if note is None:
            log.error("no note called '%s'", args.title)
            return 1
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(note.created))
        print(f"# {note.title}  [{', '.join(note.tags)}]  {stamp}\n\n{note.body}")
    elif args.cmd == "delete":
        if book.notes.pop(args.title, None) is not None:
            book.save()
            log.info("deleted '%s'", args.title)
    else:
        for title, note in sorted(book.notes.items()):
            print(f"{title:30} {len(note.body):6d} chars  {' '.join(note.tags)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
