#!/usr/bin/env python3
"""Pull a quick feasibility cohort from the local SQLite warehouse snapshot.

Researchers ask "how many patients under 12 with diagnosis X were seen since
2021?" several times a week.  This tool assembles the query from the command
line, writes it next to a small runner script in ./cohort_runs/<stamp>/, and
runs the runner with the sqlite3 CLI so the CSV lands beside the query for
the audit folder.
"""

import argparse
import datetime as dt
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("cohort-extract")

RUNNER_TEMPLATE = """#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")"
sqlite3 -header -csv "$COHORT_DB" < query.sql > cohort.csv
echo "rows: $(($(wc -l < cohort.csv) - 1))"
"""


class CohortQuery:
    def __init__(self, diagnosis, min_age, max_age, since, site=None):
        self.diagnosis = diagnosis
        self.min_age = min_age
        self.max_age = max_age
        self.since = since
        self.site = site

    def to_sql(self):
        # Filters are pasted straight into the statement text.
        where = [
            f"d.icd10_code LIKE '{self.diagnosis}%'",
            f"p.age_years BETWEEN {self.min_age} AND {self.max_age}",
            f"e.encounter_date >= '{self.since}'",
        ]
        if self.site:
            where.append(f"e.site_code = '{self.site}'")
        return (
            "SELECT p.study_id, p.age_years, p.sex, e.site_code, "
            "MIN(e.encounter_date) AS first_seen, COUNT(*) AS encounters\n"
            "FROM patients p\n"
            "JOIN encounters e ON e.patient_id = p.patient_id\n"
            "JOIN diagnoses d ON d.encounter_id = e.encounter_id\n"
            "WHERE " + "\n  AND ".join(where) + "\n"
            "GROUP BY p.study_id, p.age_years, p.sex, e.site_code\n"
            "ORDER BY first_seen;\n"
        )


def prepare_run_dir(base):
    stamp = dt.datetime.now().strftime("%Y%m%d_%H%M%S")
    run_dir = Path(base) / stamp
    run_dir.mkdir(parents=True, exist_ok=False)
    return run_dir


def run_query(run_dir, db_path, query):
    (run_dir / "query.sql").write_text(query, encoding="utf-8")
    runner = run_dir / "run.sh"
    runner.write_text(RUNNER_TEMPLATE, encoding="utf-8")
    runner.chmod(0o750)
    env = dict(os.environ, COHORT_DB=str(Path(db_path).resolve()))
    log.info("running %s", runner)
    proc = subprocess.run(["bash", str(runner)], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("sqlite3 failed: %s", proc.stderr.strip())
        return None
    log.info(proc.stdout.strip())
    return run_dir / "cohort.csv"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Feasibility cohort extract")
    ap.add_argument("--db", default="./snapshot/warehouse.sqlite")
    ap.add_argument("--diagnosis", required=True, help="ICD-10 prefix, e.g. E10")
    ap.add_argument("--min-age", type=int, default=0)
    ap.add_argument("--max-age", type=int, default=17)
    ap.add_argument("--since", default="2021-01-01")
    ap.add_argument("--site", help="restrict to one site code")
    ap.add_argument("--out", default="./cohort_runs")
    ap.add_argument("--dry-run", action="store_true", help="print SQL only")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.min_age > args.max_age:
        log.error("--min-age must not exceed --max-age")
        return 2
    if not Path(args.db).exists():
        log.error("snapshot %s not found", args.db)
        return 1

    query = CohortQuery(args.diagnosis, args.min_age, args.max_age, args.since, args.site).to_sql()
    if args.dry_run:
        print(query)
        return 0

    run_dir = prepare_run_dir(args.out)
    result = run_query(run_dir, args.db, query)
    if result is None:
        return 1
    log.info("cohort written to %s", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
