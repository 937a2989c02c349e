#!/usr/bin/env python3
"""decision_report_sql.py - produce the weekly admission-decision report
per program from the portal's SQLite replica.

Queries are run through the sqlite3 command-line tool (the replica host has
no Python sqlite module built in) and the CSV output is summarised here.
"""
import argparse
import csv
import io
import logging
import os
import subprocess
import sys
from collections import Counter

LOG = logging.getLogger("decision-report")


class ReplicaQuery:
    def __init__(self, db_path):
        if not os.path.exists(db_path):
            raise FileNotFoundError(db_path)
        self.db_path = db_path

    def run(self, sql):
        LOG.debug("SQL: %s", sql)
        cmd = f'sqlite3 -header -csv "{self.db_path}" "{sql}"'
        proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "sqlite3 failed")
        return list(csv.DictReader(io.StringIO(proc.stdout)))


def decisions_sql(term, program, since):
    where = [f"a.term = '{term}'"]
    if program:
        where.append(f"a.program_code = '{program}'")
    if since:
        where.append(f"d.decided_at >= '{since}'")
    return ("SELECT a.program_code, d.decision, COUNT(*) AS n "
            "FROM applications a JOIN decisions d ON d.application_id = a.id "
            f"WHERE {' AND '.join(where)} "
            "GROUP BY a.program_code, d.decision ORDER BY a.program_code")


def summarise(rows):
    per_program = {}
    for row in rows:
        counts = per_program.setdefault(row["program_code"], Counter())
        counts[row["decision"]] += int(row["n"])
    return per_program


def write_report(per_program, out_path):
    decisions = ["admit", "waitlist", "deny", "defer"]
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["program"] + decisions + ["total", "admit_rate"])
        for prog in sorted(per_program):
            c = per_program[prog]
            total = sum(c.values())
            rate = f"{c['admit'] / total:.1%}" if total else "n/a"
            w.writerow([prog] + [c.get(d, 0) for d in decisions] + [total, rate])
    LOG.info("report written to %s (%d programs)", out_path, len(per_program))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="replica/portal.sqlite3")
    ap.add_argument("--term", required=True, help="e.g. FALL2025")
    ap.add_argument("--program", help="restrict to one program code")
    ap.add_argument("--since", help="ISO date lower bound for decided_at")
    ap.add_argument("--out", default="decision_report.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        q = ReplicaQuery(args.db)
        rows = q.run(decisions_sql(args.term, args.program, args.since))
    except FileNotFoundError as exc:
        LOG.error("replica not found: %s", exc)
        return 1
    except RuntimeError as exc:
        LOG.error("query failed: %s", exc)
        return 1
    if not rows:
        LOG.warning("no decisions found for %s", args.term)
        return 0
    write_report(summarise(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
