#!/usr/bin/env python3
"""Import regauge and lab results for casks held on behalf of clients.

The lab sends YAML result sheets; parsed sheets are cached so re-runs over a
large drop folder are quick.
"""
import argparse
import hashlib
import importlib
import logging
import pickle
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("lab-import")

CACHE_DIR = Path(".labcache")


def _yaml():
    return importlib.import_module("yaml")


@dataclass
class Result:
    cask_id: str
    abv: float
    bulk_litres: float
    notes: list = field(default_factory=list)

    @property
    def rla(self) -> float:
        return round(self.bulk_litres * self.abv / 100, 2)


def cache_path(sheet: Path) -> Path:
    key = hashlib.md5(sheet.read_bytes()).hexdigest()
    return CACHE_DIR / f"{key}.pkl"


def parse_sheet(sheet: Path):
    cp = cache_path(sheet)
    if cp.exists():
        with cp.open("rb") as fh:
            return pickle.load(fh)
    y = _yaml()
    loader = getattr(y, "Full" + "Loader", None) or getattr(y, "Loader")
    with sheet.open() as fh:
        doc = y.load(fh, Loader=loader)
    results = []
    for entry in (doc or {}).get("results", []):
        try:
            results.append(Result(str(entry["cask"]), float(entry["abv"]),
                                  float(entry["bulk_litres"]),
                                  list(entry.get("notes", []))))
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("%s: bad entry %r (%s)", sheet.name, entry, exc)
    CACHE_DIR.mkdir(exist_ok=True)
    with cp.open("wb") as fh:
        pickle.dump(results, fh)
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("drop", type=Path, help="folder with lab result sheets")
    ap.add_argument("--min-abv", type=float, default=40.0)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for p in CACHE_DIR.glob("*.pkl"):
            p.unlink()
    sheets = sorted(args.drop.glob("*.y*ml"))
    if not sheets:
        log.error("no sheets in %s", args.drop)
        return 1
    total, low = 0, []
    for sheet in sheets:
        try:
            results = parse_sheet(sheet)
        except Exception as exc:
            log.error("%s: %s", sheet.name, exc)
            continue
        for r in results:
            total += 1
            if r.abv < args.min_abv:
                low.append(r)
            print(f"{r.cask_id:<12} {r.abv:5.1f}% {r.bulk_litres:8.1f} L {r.rla:8.2f} RLA")
    for r in low:
        log.warning("cask %s below %.1f%% ABV", r.cask_id, args.min_abv)
    log.info("%d results from %d sheets", total, len(sheets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
