#!/usr/bin/env python3
"""Search the job sheets database the office exports every night
(jobs.sqlite, copied to the van laptop), so a fitter on site can look up
what was fitted at an address before, which underlay went down, and who
did it.

    python job_sheet_search.py --postcode "OX11 7" --since 2022-01-01
    python job_sheet_search.py --customer hollis --product "primo plains"
    python job_sheet_search.py --fitter DK --format csv > dk_jobs.csv
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("jobsearch")

DEFAULT_DB = Path("jobs.sqlite")
COLUMNS = ["j.job_no", "j.fitted_on", "c.name", "c.postcode", "j.rooms",
           "p.description", "u.description", "j.fitter"]
HEADINGS = ["Job", "Fitted", "Customer", "Postcode", "Rooms", "Product", "Underlay", "Fitter"]
BASE = """
SELECT {cols}
FROM jobs j
JOIN customers c ON c.id = j.customer_id
LEFT JOIN products p ON p.code = j.product_code
LEFT JOIN products u ON u.code = j.underlay_code
"""


class JobQuery:
    """Builds the WHERE clause up from whatever the fitter typed."""

    def __init__(self):
        self.clauses = []
        self.order = "j.fitted_on DESC"
        self.limit = 50

    def like(self, column, text):
        if text:
            self.clauses.append(f"lower({column}) LIKE '%{text.lower()}%'")
        return self

    def prefix(self, column, text):
        if text:
            self.clauses.append(f"replace(upper({column}), ' ', '') LIKE "
                                f"'{text.upper().replace(' ', '')}%'")
        return self

    def since(self, column, date_text):
        if date_text:
            self.clauses.append(f"{column} >= '{date_text}'")
        return self

    def equals(self, column, value):
        if value:
            self.clauses.append(f"{column} = '{value}'")
        return self

    def sql(self):
        text = BASE.format(cols=", ".join(COLUMNS))
        if self.clauses:
            text += "WHERE " + "\n  AND ".join(self.clauses) + "\n"
        text += f"ORDER BY {self.order} LIMIT {int(self.limit)}"
        return text


def open_db(path):
    if not path.exists():
        raise FileNotFoundError(f"{path} not found - copy tonight's export from the office share")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def print_table(rows):
    if not rows:
        print("no matching jobs")
        return
    widths = [max(len(h), *(len(str(r[i] or "")) for r in rows)) for i, h in enumerate(HEADINGS)]
    widths = [min(w, 32) for w in widths]
    fmt = "  ".join(f"{{:<{w}.{w}}}" for w in widths)
    print(fmt.format(*HEADINGS))
    print(fmt.format(*("-" * w for w in widths)))
    for r in rows:
        print(fmt.format(*(str(v or "") for v in r)))


def main():
    ap = argparse.ArgumentParser(description="Search past job sheets")
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("--postcode")
    ap.add_argument("--customer")
    ap.add_argument("--product")
    ap.add_argument("--fitter", help="fitter initials, e.g. DK")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--sort", default="j.fitted_on DESC")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--format", choices=["table", "csv"], default="table")
    ap.add_argument("--show-sql", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    q = (JobQuery()
         .prefix("c.postcode", args.postcode)
         .like("c.name", args.customer)
         .like("p.description", args.product)
         .equals("j.fitter", args.fitter and args.fitter.upper())
         .since("j.fitted_on", args.since))
    q.order = args.sort
    q.limit = args.limit
    sql = q.sql()
    if args.show_sql:
        print(sql, file=sys.stderr)

    try:
        with open_db(args.db) as conn:
            rows = [tuple(r) for r in conn.execute(sql)]
    except (FileNotFoundError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1

    if args.format == "csv":
        w = csv.writer(sys.stdout)
        w.writerow(HEADINGS)
        w.writerows(rows)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
