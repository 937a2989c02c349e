#!/usr/bin/env python3
"""Look up open maintenance work orders in the site's SQLite work-order
database, filtered by turbine, component and priority.

The database is maintained by the CMMS export job; this tool builds the
query and runs it through the sqlite3 command-line shell so that the output
formatting matches what the site managers are used to.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("wo_lookup")

DB_DEFAULT = Path("./cmms_export/workorders.db")
COLUMNS = ["wo_number", "turbine_id", "component", "priority", "status",
           "opened_on", "summary"]


class QueryBuilder:
    def __init__(self):
        self.clauses = ["status != 'closed'"]
        self.order = "priority ASC, opened_on ASC"
        self.limit = 50

    def turbine(self, tid):
        if tid:
            self.clauses.append(f"turbine_id = '{tid}'")
        return self

    def component(self, comp):
        if comp:
            self.clauses.append(f"component LIKE '%{comp}%'")
        return self

    def max_priority(self, prio):
        if prio is not None:
            self.clauses.append(f"priority <= {prio}")
        return self

    def text(self, words):
        for w in words or []:
            self.clauses.append(f"summary LIKE '%{w}%'")
        return self

    def build(self) -> str:
        where = " AND ".join(self.clauses)
        return (f"SELECT {', '.join(COLUMNS)} FROM work_orders "
                f"WHERE {where} ORDER BY {self.order} LIMIT {self.limit};")


def run_query(db: Path, sql: str, fmt: str) -> int:
    script = """
sqlite3 -header -"$WO_FORMAT" "$WO_DB" <<SQL
$WO_SQL
SQL
"""
    env = dict(os.environ, WO_DB=str(db), WO_SQL=sql, WO_FORMAT=fmt)
    LOG.debug("sql: %s", sql)
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True,
                          text=True)
    if proc.returncode:
        LOG.error("sqlite3 failed: %s", proc.stderr.strip())
        return proc.returncode
    out = proc.stdout.rstrip()
    if not out:
        LOG.info("no matching open work orders")
    else:
        print(out)
        LOG.info("%d row(s)", max(0, len(out.splitlines()) - 1))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=DB_DEFAULT)
    ap.add_argument("--turbine", help="e.g. WTG-07")
    ap.add_argument("--component", help="e.g. gearbox, pitch, yaw")
    ap.add_argument("--max-priority", type=int)
    ap.add_argument("--text", nargs="*", help="words to find in the summary")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--format", choices=["column", "csv", "markdown"], default="column")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if shutil.which("sqlite3") is None:
        LOG.error("sqlite3 command-line shell not installed")
        return 2
    if not args.db.exists():
        LOG.error("database %s not found; run the CMMS export first", args.db)
        return 2
    qb = (QueryBuilder().turbine(args.turbine).component(args.component)
          .max_priority(args.max_priority).text(args.text))
    qb.limit = args.limit
    try:
        return run_query(args.db, qb.build(), args.format)
    except OSError as exc:
        LOG.error("could not run sqlite3: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
