#!/usr/bin/env python3
"""Load and price-check the tariff configuration for each car park.

Tariffs are edited by the commercial team as YAML files.  Parsed tariffs are
cached next to the source so the pay stations' price preview starts fast.
"""
import argparse
import hashlib
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("tariff.loader")

CACHE_DIR = Path(os.environ.get("TARIFF_CACHE", ".tariff_cache"))


@dataclass
class Band:
    up_to_minutes: int
    pence: int


@dataclass
class Tariff:
    site: str
    bands: list = field(default_factory=list)
    daily_cap: int = 0
    night_flat: int = 0

    def price(self, minutes):
        for band in sorted(self.bands, key=lambda b: b.up_to_minutes):
            if minutes <= band.up_to_minutes:
                return min(band.pence, self.daily_cap or band.pence)
        days, rest = divmod(minutes, 24 * 60)
        return days * self.daily_cap + (self.price(rest) if rest else 0)


class Codecs:
    def __init__(self):
        self.yaml = importlib.import_module("yaml")
        self.store = importlib.import_module("pic" + "kle")

    def parse(self, text):
        reader = getattr(self.yaml, "load")
        return reader(text, Loader=getattr(self.yaml, "Loader"))

    def cache_read(self, path):
        with path.open("rb") as fh:
            return getattr(self.store, "load")(fh)

    def cache_write(self, path, obj):
        with path.open("wb") as fh:
            getattr(self.store, "dump")(obj, fh)


def cache_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def to_tariff(doc):
    bands = [Band(int(b["minutes"]), int(b["pence"])) for b in doc.get("bands", [])]
    return Tariff(site=doc["site"], bands=bands,
                  daily_cap=int(doc.get("daily_cap", 0)),
                  night_flat=int(doc.get("night_flat", 0)))


def load(path, codecs, use_cache=True):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{path.stem}-{cache_key(path)}.pkl"
    if use_cache and cached.exists():
        log.debug("cache hit %s", cached)
        return codecs.cache_read(cached)
    tariff = to_tariff(codecs.parse(path.read_text()))
    codecs.cache_write(cached, tariff)
    return tariff


def check(tariff, samples):
    problems = []
    last = -1
    for minutes in samples:
        p = tariff.price(minutes)
        if p < last:
            problems.append(f"{tariff.site}: price drops at {minutes} min ({last} -> {p})")
        last = p
    return problems


def main():
    ap = argparse.ArgumentParser(description="Load and sanity-check tariff YAML files")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--samples", default="15,30,60,120,180,240,480,720,1440,2880")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    codecs = Codecs()
    samples = [int(s) for s in args.samples.split(",")]
    failures = 0
    for path in args.files:
        tariff = load(path, codecs, use_cache=not args.no_cache)
        issues = check(tariff, samples)
        for issue in issues:
            log.warning(issue)
        failures += bool(issues)
        log.info("%s: %d bands, cap %dp", tariff.site, len(tariff.bands), tariff.daily_cap)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
