#!/usr/bin/env python3
"""Print today's feeding rota for animals in care.

The rota is derived from the intake database (./intake.db) by exporting the
in-care animals with the sqlite3 command-line tool. Parsing is slow on the
old office PC, so the parsed rota is cached in ./cache/rota.pkl and reused
until the database changes.
"""
import argparse
import csv
import io
import logging
import os
import pickle
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("feeding-rota")

EXPORT_SCRIPT = r"""
sqlite3 -header -csv "$ROTA_DB" <<'SQL'
SELECT a.intake_id, a.species, a.pen, a.weight_g, d.food, d.grams, d.times_per_day
FROM intakes a JOIN diets d ON d.species = a.species
WHERE a.outcome = 'in_care'
ORDER BY a.pen;
SQL
"""


@dataclass
class RotaEntry:
    intake_id: str
    species: str
    pen: str
    food: str
    grams: int
    times_per_day: int
    notes: list = field(default_factory=list)


@dataclass
class Rota:
    db_mtime: float
    entries: list


def export_in_care(db: Path) -> str:
    """Run the export heredoc through bash and return the CSV text."""
    env = dict(os.environ, ROTA_DB=str(db))
    proc = subprocess.run(["bash", "-c", EXPORT_SCRIPT], env=env,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"sqlite3 export failed: {proc.stderr.strip()}")
    return proc.stdout


def parse_rota(csv_text: str, db_mtime: float) -> Rota:
    entries = []
    for row in csv.DictReader(io.StringIO(csv_text)):
        try:
            grams = int(row["grams"])
            times = int(row["times_per_day"])
        except (KeyError, ValueError):
            log.warning("bad diet row for %s", row.get("intake_id"))
            continue
        entry = RotaEntry(row["intake_id"], row["species"], row["pen"],
                          row["food"], grams, times)
        try:
            if int(row.get("weight_g") or 0) < 300:
                entry.notes.append("underweight: weigh before feeding")
        except ValueError:
            entry.notes.append("weight missing")
        entries.append(entry)
    return Rota(db_mtime, entries)


def load_cached(cache: Path, db_mtime: float):
    if not cache.exists():
        return None
    try:
        with cache.open("rb") as fh:
            rota = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError) as exc:
        log.warning("ignoring unreadable cache: %s", exc)
        return None
    if getattr(rota, "db_mtime", None) != db_mtime:
        log.info("cache is stale")
        return None
    return rota


def save_cache(cache: Path, rota: Rota) -> None:
    cache.parent.mkdir(parents=True, exist_ok=True)
    with cache.open("wb") as fh:
        pickle.dump(rota, fh)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="./intake.db", type=Path)
    ap.add_argument("--cache", default="./cache/rota.pkl", type=Path)
    ap.add_argument("--pen", help="only show this pen")
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1
    mtime = args.db.stat().st_mtime
    rota = None if args.refresh else load_cached(args.cache, mtime)
    if rota is None:
        try:
            rota = parse_rota(export_in_care(args.db), mtime)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("%s", exc)
            return 1
        save_cache(args.cache, rota)

    for e in rota.entries:
        if args.pen and e.pen != args.pen:
            continue
        note = f"  ({'; '.join(e.notes)})" if e.notes else ""
        print(f"pen {e.pen:<6} {e.intake_id:<10} {e.species:<16} "
              f"{e.grams:>4} g {e.food} x{e.times_per_day}{note}")
    log.info("%d animals on the rota", len(rota.entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
