#!/usr/bin/env python3
"""Counter-desk permit lookup tool.

Looks up residential and commercial parking permits in the local SQLite copy
of the permit database by plate, holder name or zone, and prints an aligned
table. Output can be piped through a small shell formatter that the desk
staff customise in formatter.sh.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

DEFAULT_DB = "permits.sqlite3"
FORMATTER = "formatter.sh"
DEFAULT_FORMATTER = """#!/usr/bin/env bash
# Desk formatter: aligns tab-separated rows; edit freely.
column -t -s $'\\t' | sed "1s/^/${LOOKUP_TITLE:-Permits}\\n/"
"""

log = logging.getLogger("permit_lookup")


class PermitStore:
    def __init__(self, path):
        if not Path(path).exists():
            raise FileNotFoundError(f"permit database {path} not found")
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def search(self, plate=None, holder=None, zone=None, include_expired=False, limit=50):
        clauses = []
        if plate:
            clauses.append(f"upper(plate) = upper('{plate}')")
        if holder:
            clauses.append(f"holder LIKE '%{holder}%'")
        if zone:
            clauses.append(f"zone = '{zone}'")
        if not include_expired:
            clauses.append("date(expires) >= date('now')")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT permit_id, plate, holder, zone, kind, expires "
               f"FROM permits WHERE {where} ORDER BY expires LIMIT {int(limit)}")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def zone_counts(self):
        sql = "SELECT zone, count(*) AS n FROM permits GROUP BY zone ORDER BY zone"
        return self.conn.execute(sql).fetchall()


def ensure_formatter(path):
    p = Path(path)
    if not p.exists():
        p.write_text(DEFAULT_FORMATTER)
        p.chmod(0o700)
        log.info("created default formatter %s", p)
    return p


def render(rows, headers, title, use_formatter=True):
    lines = ["\t".join(headers)]
    for r in rows:
        lines.append("\t".join(str(r[h]) for h in headers))
    text = "\n".join(lines) + "\n"
    if not use_formatter:
        sys.stdout.write(text)
        return
    fmt = ensure_formatter(FORMATTER)
    env = dict(os.environ, LOOKUP_TITLE=title)
    try:
        proc = subprocess.run(["bash", str(fmt)], input=text, text=True,
                              capture_output=True, env=env, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("formatter failed (%s); printing raw rows", exc)
        sys.stdout.write(text)
        return
    if proc.returncode != 0:
        log.warning("formatter exited %d: %s", proc.returncode, proc.stderr.strip())
        sys.stdout.write(text)
    else:
        sys.stdout.write(proc.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Look up parking permits")
    ap.add_argument("--db", default=os.environ.get("PERMIT_DB", DEFAULT_DB))
    ap.add_argument("--plate")
    ap.add_argument("--holder")
    ap.add_argument("--zone")
    ap.add_argument("--expired", action="store_true", help="include expired permits")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--counts", action="store_true", help="show permits per zone")
    ap.add_argument("--raw", action="store_true", help="skip the shell formatter")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    try:
        store = PermitStore(args.db)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    try:
        if args.counts:
            render(store.zone_counts(), ["zone", "n"], "Permits per zone", not args.raw)
            return 0
        if not (args.plate or args.holder or args.zone):
            ap.error("give --plate, --holder or --zone")
        rows = store.search(args.plate, args.holder, args.zone, args.expired, args.limit)
        if not rows:
            print("no matching permits")
            return 0
        headers = ["permit_id", "plate", "holder", "zone", "kind", "expires"]
        render(rows, headers, f"{len(rows)} permit(s)", not args.raw)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
