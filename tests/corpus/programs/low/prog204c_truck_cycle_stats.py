#!/usr/bin/env python3
"""Truck cycle statistics: load, haul, dump and return times from the dispatch export."""
import argparse
import csv
import hashlib
import importlib
import json
import logging
import statistics
from dataclasses import dataclass, field, asdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("cycles")
CACHE_DIR = Path(".cycle_cache")
TS_FMT = "%Y-%m-%d %H:%M:%S"


@dataclass
class TruckStats:
    truck: str
    cycles: list = field(default_factory=list)
    tonnes: float = 0.0

    def summary(self) -> dict:
        mins = [c / 60 for c in self.cycles]
        return {
            "truck": self.truck,
            "loads": len(mins),
            "tonnes": round(self.tonnes, 1),
            "mean_cycle_min": round(statistics.mean(mins), 1) if mins else None,
            "p90_cycle_min": round(sorted(mins)[int(len(mins) * 0.9) - 1], 1) if len(mins) >= 10 else None,
        }


def cache_key(path: Path) -> str:
    h = hashlib.md5()
    h.update(path.read_bytes())
    return h.hexdigest()


def parse(path: Path) -> dict:
    trucks: dict = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                start = datetime.strptime(row["load_start"], TS_FMT)
                end = datetime.strptime(row["return_at"], TS_FMT)
                t = trucks.setdefault(row["truck"], TruckStats(row["truck"]))
                t.cycles.append((end - start).total_seconds())
                t.tonnes += float(row.get("payload_t") or 0)
            except (KeyError, ValueError) as exc:
                log.debug("bad row: %s", exc)
    return {k: v.summary() for k, v in trucks.items()}


def cached(fn):
    def wrapper(path: Path):
        CACHE_DIR.mkdir(exist_ok=True)
        entry = CACHE_DIR / f"{cache_key(path)}.json"
        if entry.exists():
            log.info("cache hit for %s", path.name)
            return json.loads(entry.read_text())
        result = fn(path)
        entry.write_text(json.dumps(result))
        return result
    return wrapper


def render_table(rows: list) -> str:
    cols = ["truck", "loads", "tonnes", "mean_cycle_min", "p90_cycle_min"]
    lines = ["  ".join(f"{c:>14}" for c in cols)]
    for r in rows:
        lines.append("  ".join(f"{str(r[c]):>14}" for c in cols))
    return "\n".join(lines)


FORMATS = {
    "table": render_table,
    "json": lambda rows: json.dumps(rows, indent=2),
}


def clean_cache() -> int:
    shutil = importlib.import_module("shutil")
    if CACHE_DIR.is_dir():
        shutil.rmtree(CACHE_DIR)
        return 1
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description="truck cycle statistics")
    ap.add_argument("export", type=Path, nargs="?")
    ap.add_argument("--format", choices=sorted(FORMATS), default="table")
    ap.add_argument("--clean", action="store_true", help="remove the local cache and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if args.clean:
        log.info("cache removed" if clean_cache() else "no cache to remove")
        return 0
    if not args.export or not args.export.is_file():
        ap.error("export CSV required")
    stats = cached(parse)(args.export)
    rows = sorted(stats.values(), key=lambda r: r["truck"])
    print(FORMATS[args.format](rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
