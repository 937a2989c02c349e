#!/usr/bin/env python3
"""Fetch the wholesaler's moulding catalogue for offline browsing.

Downloads the catalogue index and sample thumbnails and writes a single
JSON file (thumbnails embedded as base64) that the showroom viewer reads.
"""
import argparse
import asyncio
import base64
import json
import logging
import os
import platform
import urllib.request
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("catalog-fetch")

BASE = os.environ.get("CATALOG_BASE", "https://trade.mouldings.example.com/catalogue")
OUT = Path(os.environ.get("CATALOG_OUT", "catalogue.json"))


def os_label() -> str:
    try:
        fields = dict(
            line.split("=", 1) for line in Path("/etc/os-release").read_text().splitlines()
            if "=" in line
        )
        return fields.get("PRETTY_NAME", "").strip('"') or platform.system()
    except OSError:
        return platform.system()


USER_AGENT = f"framer-catalog/1.4 ({os_label()})"


def get(url: str, timeout: float = 20.0) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


@dataclass
class Moulding:
    code: str
    name: str
    width_mm: int
    finish: str
    thumb_url: str
    thumb_b64: str = ""


async def fill_thumbs(items, limit: int):
    sem = asyncio.Semaphore(limit)
    loop = asyncio.get_running_loop()

    async def one(m: Moulding):
        async with sem:
            try:
                raw = await loop.run_in_executor(None, get, m.thumb_url)
                m.thumb_b64 = base64.b64encode(raw).decode("ascii")
            except OSError as exc:
                log.warning("thumb for %s failed: %s", m.code, exc)

    await asyncio.gather(*(one(m) for m in items))


def load_index(base: str):
    data = json.loads(get(f"{base}/index.json"))
    keep = ("code", "name", "width_mm", "finish", "thumb_url")
    return [Moulding(**{k: row[k] for k in keep}) for row in data["mouldings"]]


FILTERS = {
    "all": lambda m: True,
    "wood": lambda m: m.finish in {"oak", "walnut", "ash", "pine"},
    "metal": lambda m: m.finish in {"silver", "gold", "black metal"},
}


def main():
    parser = argparse.ArgumentParser(description="Download the moulding catalogue")
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--only", choices=sorted(FILTERS), default="all")
    parser.add_argument("--parallel", type=int, default=4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    items = [m for m in load_index(args.base) if FILTERS[args.only](m)]
    asyncio.run(fill_thumbs(items, args.parallel))
    args.out.write_text(json.dumps([m.__dict__ for m in items], indent=1))
    log.info("wrote %d mouldings to %s", len(items), args.out)


if __name__ == "__main__":
    main()
