#!/usr/bin/env python3
"""honey_batch_labels - render jar label text for each honey extraction batch.

Reads batches.csv (batch, apiary, harvest_date, weight_g, floral_source)
and writes one label block per jar size. Rendered labels are cached by an
MD5 of their inputs so reruns only touch batches that changed. The QR field
carries a base64 batch record the webshop decodes into a traceability page.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from functools import lru_cache
from pathlib import Path

log = logging.getLogger("labels")

CACHE = Path(os.environ.get("LABEL_CACHE", ".label_cache"))
JAR_SIZES = {"small": 227, "standard": 340, "large": 454}
TEMPLATES = {
    "plain": "{source} Honey\n{apiary} Apiary\nBatch {batch} | Best before {bb}\nNet {size}g",
    "gift": "~ {source} ~\nRaw honey from {apiary}\nBatch {batch}\n{size}g  e {bb}",
}


@dataclass(frozen=True)
class Batch:
    batch: str
    apiary: str
    harvest_date: str
    weight_g: int
    floral_source: str

    @property
    def best_before(self):
        y, m, d = self.harvest_date.split("-")
        return f"{int(y) + 2}-{m}-{d}"


def cache_key(batch: Batch, template: str, size: str) -> str:
    raw = json.dumps([asdict(batch), template, size], sort_keys=True).encode()
    return hashlib.md5(raw).hexdigest()


def qr_payload(batch: Batch) -> str:
    record = {"b": batch.batch, "a": batch.apiary, "h": batch.harvest_date}
    return base64.urlsafe_b64encode(json.dumps(record).encode()).decode()


@lru_cache(maxsize=None)
def _template(name):
    return TEMPLATES[name]


def render(batch: Batch, template: str, size: str) -> str:
    key = cache_key(batch, template, size)
    hit = CACHE / f"{key}.txt"
    if hit.exists():
        return hit.read_text()
    text = _template(template).format(
        source=batch.floral_source, apiary=batch.apiary, batch=batch.batch,
        bb=batch.best_before, size=JAR_SIZES[size])
    text += f"\nQR:{qr_payload(batch)}"
    CACHE.mkdir(exist_ok=True)
    hit.write_text(text)
    return text


def jars_for(batch: Batch, size: str) -> int:
    return batch.weight_g // JAR_SIZES[size]


def load(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            row["weight_g"] = int(row["weight_g"])
            yield Batch(**row)


def main():
    ap = argparse.ArgumentParser(description="Honey jar label generator")
    ap.add_argument("csv", type=Path, nargs="?", default=Path("batches.csv"))
    ap.add_argument("--template", choices=sorted(TEMPLATES), default="plain")
    ap.add_argument("--size", choices=sorted(JAR_SIZES), default="standard")
    ap.add_argument("--out", type=Path, default=Path("labels_out.txt"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    blocks = []
    for b in load(args.csv):
        n = jars_for(b, args.size)
        blocks.append(f"## {b.batch} x{n}\n{render(b, args.template, args.size)}\n")
        log.info("batch %s: %d jars", b.batch, n)
    args.out.write_text("\n".join(blocks))
    os.chmod(args.out, 0o600)
    log.info("wrote %d label blocks to %s", len(blocks), args.out)


if __name__ == "__main__":
    main()
