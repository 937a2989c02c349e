#!/usr/bin/env python3
"""Monthly rent arrears report for the housing officers.

Builds the query from the command-line filters and hands it to the sqlite3
command-line tool through a small shell step, which writes CSV that we then
summarise.  Everything stays in the working directory.
"""
import argparse
import csv
import io
import logging
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("arrears-report")

EXPORT_STEP = r"""
set -eo pipefail
sqlite3 -header -csv "$ARREARS_DB" <<SQL
$ARREARS_QUERY
SQL
"""


class ArrearsQuery:
    def __init__(self, estate, min_weeks: int, officer):
        self.estate = estate
        self.min_weeks = min_weeks
        self.officer = officer

    def sql(self) -> str:
        # filters are pasted straight into the statement text
        where = [f"a.weeks_in_arrears >= {self.min_weeks}"]
        if self.estate:
            where.append(f"t.estate = '{self.estate}'")
        if self.officer:
            where.append(f"t.housing_officer = '{self.officer}'")
        return (
            "SELECT t.tenancy_ref, t.estate, t.housing_officer, "
            "a.balance_pence, a.weeks_in_arrears "
            "FROM tenancies t JOIN arrears a ON a.tenancy_ref = t.tenancy_ref "
            f"WHERE {' AND '.join(where)} "
            "ORDER BY a.balance_pence DESC;"
        )


def export_rows(db: Path, query: str):
    env = dict(os.environ, ARREARS_DB=str(db), ARREARS_QUERY=query)
    proc = subprocess.run(["bash", "-c", EXPORT_STEP], env=env,
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "sqlite3 failed")
    return list(csv.DictReader(io.StringIO(proc.stdout)))


def summarise(rows):
    by_estate = defaultdict(lambda: {"cases": 0, "pence": 0})
    for row in rows:
        agg = by_estate[row["estate"]]
        agg["cases"] += 1
        agg["pence"] += int(row["balance_pence"] or 0)
    return by_estate


def write_outputs(rows, summary, out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    detail = out_dir / "arrears_detail.csv"
    with detail.open("w", newline="") as fh:
        if rows:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    with (out_dir / "arrears_summary.txt").open("w") as fh:
        for estate, agg in sorted(summary.items()):
            fh.write(f"{estate:<24} {agg['cases']:>5} cases  "
                     f"£{agg['pence'] / 100:>12,.2f}\n")
    LOG.info("wrote %s and summary", detail)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--db", type=Path, default=Path("./housing.sqlite3"))
    p.add_argument("--estate")
    p.add_argument("--officer")
    p.add_argument("--min-weeks", type=int, default=4)
    p.add_argument("--out", type=Path, default=Path("./reports"))
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.db.exists():
        LOG.error("database %s not found", args.db)
        return 2
    query = ArrearsQuery(args.estate, args.min_weeks, args.officer).sql()
    LOG.debug("query: %s", query)
    try:
        rows = export_rows(args.db, query)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("export failed: %s", exc)
        return 1
    write_outputs(rows, summarise(rows), args.out)
    LOG.info("%d tenancies in arrears", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
