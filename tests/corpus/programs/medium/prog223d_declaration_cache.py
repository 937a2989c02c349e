#!/usr/bin/env python3
"""Local cache of parsed entry-summary (7501) batches.

Parsing the broker's nightly batch exports is slow, so parsed batches
are cached as pickles under ./cache. Old cache files are compressed by
a small shell step so the cache directory stays small.
"""
import argparse
import csv
import logging
import os
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("decl_cache")

CACHE_DIR = Path("cache")
COMPRESS_STEP = 'find "$CACHE_DIR" -name "*.pkl" -mtime +"$AGE_DAYS" -print -exec gzip -f {} \\;'


@dataclass
class EntryLine:
    entry_no: str
    line_no: int
    hts: str
    value_usd: float
    duty_usd: float


@dataclass
class Batch:
    name: str
    parsed_at: float
    lines: list = field(default_factory=list)

    def totals(self):
        value = sum(l.value_usd for l in self.lines)
        duty = sum(l.duty_usd for l in self.lines)
        return value, duty


def parse_export(path: Path) -> Batch:
    batch = Batch(name=path.stem, parsed_at=time.time())
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                batch.lines.append(EntryLine(
                    entry_no=row["entry_no"], line_no=int(row["line"]),
                    hts=row["hts"], value_usd=float(row["value"]),
                    duty_usd=float(row["duty"])))
            except (KeyError, ValueError) as exc:
                LOG.warning("%s: bad row %r (%s)", path.name, row, exc)
    return batch


def cache_path(export: Path) -> Path:
    return CACHE_DIR / f"{export.stem}.pkl"


def load_batch(export: Path, refresh: bool) -> Batch:
    cached = cache_path(export)
    if not refresh and cached.exists() and cached.stat().st_mtime >= export.stat().st_mtime:
        with cached.open("rb") as fh:
            LOG.debug("cache hit %s", cached)
            return pickle.load(fh)
    batch = parse_export(export)
    CACHE_DIR.mkdir(exist_ok=True)
    with cached.open("wb") as fh:
        pickle.dump(batch, fh)
    return batch


def compress_old(age_days: int) -> None:
    env = dict(os.environ, CACHE_DIR=str(CACHE_DIR), AGE_DAYS=str(age_days))
    proc = subprocess.run(["bash", "-c", COMPRESS_STEP], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("compress step failed: %s", proc.stderr.strip())
    elif proc.stdout.strip():
        LOG.info("compressed %d old cache files", len(proc.stdout.splitlines()))


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("exports", nargs="+", type=Path)
    p.add_argument("--refresh", action="store_true")
    p.add_argument("--compress-after", type=int, default=14)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    status = 0
    for export in args.exports:
        try:
            batch = load_batch(export, args.refresh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            LOG.error("%s: %s", export, exc)
            status = 1
            continue
        value, duty = batch.totals()
        print(f"{batch.name:24} {len(batch.lines):6} lines "
              f"value ${value:,.2f} duty ${duty:,.2f}")
    compress_old(args.compress_after)
    return status


if __name__ == "__main__":
    sys.exit(main())
