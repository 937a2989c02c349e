#!/usr/bin/env python3
"""Summarise blood-fridge temperature exports for the weekly QA meeting.

Reads the CSV exports that the fridge monitors drop into ./exports/
(one file per fridge, columns: timestamp,fridge_id,temp_c) and writes a
per-fridge summary table to ./reports/. Readings outside the 2-6 C band
for whole blood and red cells are counted as excursions.

Results are cached under ./.cache/ keyed by the MD5 of the input file so
re-running the report for the same week is instant.
"""

import argparse
import csv
import hashlib
import json
import logging
import statistics
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("fridge_summary")

DEFAULT_LOW_C = 2.0
DEFAULT_HIGH_C = 6.0


@dataclass
class FridgeStats:
    fridge_id: str
    readings: list = field(default_factory=list)
    excursions: int = 0

    def add(self, temp_c: float, low: float, high: float) -> None:
        self.readings.append(temp_c)
        if temp_c < low or temp_c > high:
            self.excursions += 1

    def as_row(self) -> dict:
        if not self.readings:
            return {"fridge_id": self.fridge_id, "count": 0}
        return {
            "fridge_id": self.fridge_id,
            "count": len(self.readings),
            "min": round(min(self.readings), 2),
            "max": round(max(self.readings), 2),
            "mean": round(statistics.mean(self.readings), 2),
            "excursions": self.excursions,
        }


def cache_key(path: Path) -> str:
    """MD5 of the file contents, used only as a cache key."""
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def summarise_file(path: Path, low: float, high: float) -> list:
    stats = {}
    with path.open(newline="") as fh:
        reader = csv.DictReader(fh)
        for lineno, row in enumerate(reader, start=2):
            try:
                fid = row["fridge_id"].strip()
                temp = float(row["temp_c"])
            except (KeyError, ValueError) as exc:
                LOG.warning("%s:%d skipped bad row (%s)", path.name, lineno, exc)
                continue
            stats.setdefault(fid, FridgeStats(fid)).add(temp, low, high)
    return [s.as_row() for s in stats.values()]


def load_or_build(path: Path, cache_dir: Path, low: float, high: float) -> list:
    key = cache_key(path)
    cached = cache_dir / f"{key}.json"
    if cached.exists():
        LOG.debug("cache hit for %s", path.name)
        return json.loads(cached.read_text())
    rows = summarise_file(path, low, high)
    cached.write_text(json.dumps(rows))
    return rows


def write_report(rows: list, out_path: Path) -> None:
    columns = ["fridge_id", "count", "min", "max", "mean", "excursions"]
    with out_path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        for row in sorted(rows, key=lambda r: r["fridge_id"]):
            writer.writerow(row)
    LOG.info("wrote %d rows to %s", len(rows), out_path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exports", default="exports", type=Path)
    parser.add_argument("--out", default="reports/fridge_summary.csv", type=Path)
    parser.add_argument("--low", type=float, default=DEFAULT_LOW_C)
    parser.add_argument("--high", type=float, default=DEFAULT_HIGH_C)
    parser.add_argument("--clear-cache", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    cache_dir = Path(".cache")
    cache_dir.mkdir(exist_ok=True)
    if args.clear_cache:
        for old in cache_dir.glob("*.json"):
            old.unlink()
        LOG.info("cleared summary cache")

    files = sorted(args.exports.glob("*.csv"))
    if not files:
        LOG.error("no CSV exports found in %s", args.exports)
        return 1

    all_rows = []
    for path in files:
        try:
            all_rows.extend(load_or_build(path, cache_dir, args.low, args.high))
        except OSError as exc:
            LOG.error("could not read %s: %s", path, exc)

    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_report(all_rows, args.out)
    flagged = [r["fridge_id"] for r in all_rows if r.get("excursions")]
    if flagged:
        LOG.warning("fridges with excursions: %s", ", ".join(sorted(set(flagged))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
