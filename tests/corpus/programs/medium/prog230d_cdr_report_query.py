#!/usr/bin/env python3
"""Ad-hoc CDR report for queue supervisors.

Queries the nightly CDR extract (a SQLite copy of the PBX call detail
records) and writes a CSV of calls per agent for a queue and date range.
Supervisors pass the queue and filters straight from the ticket.
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("cdrreport")

COLUMNS = {
    "agent": "dst_channel",
    "queue": "queue_name",
    "start": "call_start",
    "talk": "billsec",
    "disp": "disposition",
}
TABLE = "cdr"


class ReportQuery:
    def __init__(self, queue, since, until, disposition=None, agent_like=None):
        self.queue = queue
        self.since = since
        self.until = until
        self.disposition = disposition
        self.agent_like = agent_like

    def where(self):
        c = COLUMNS
        parts = [
            "{q} = '{v}'".format(q=c["queue"], v=self.queue),
            "{s} >= '{v}'".format(s=c["start"], v=self.since),
            "{s} < '{v}'".format(s=c["start"], v=self.until),
        ]
        if self.disposition:
            parts.append("%s = '%s'" % (c["disp"], self.disposition.upper()))
        if self.agent_like:
            parts.append(f"{c['agent']} LIKE '%{self.agent_like}%'")
        return " AND ".join(parts)

    def sql(self):
        c = COLUMNS
        return (
            f"SELECT {c['agent']} AS agent, COUNT(*) AS calls, "
            f"SUM({c['talk']}) AS talk_secs, AVG({c['talk']}) AS avg_talk "
            f"FROM {TABLE} WHERE {self.where()} "
            f"GROUP BY {c['agent']} ORDER BY calls DESC"
        )


def parse_day(text):
    return dt.datetime.strptime(text, "%Y-%m-%d").date()


def run_report(db_path, query):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        statement = query.sql()
        LOG.debug("SQL: %s", statement)
        return [dict(row) for row in conn.execute(statement)]
    finally:
        conn.close()


def write_csv(rows, out_path):
    fields = ["agent", "calls", "talk_secs", "avg_talk"]
    with open(out_path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for row in rows:
            row["avg_talk"] = round(row["avg_talk"] or 0, 1)
            writer.writerow(row)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Calls per agent for a queue")
    ap.add_argument("queue")
    ap.add_argument("--db", default="cdr_extract.sqlite")
    ap.add_argument("--since", type=parse_day,
                    default=dt.date.today() - dt.timedelta(days=7))
    ap.add_argument("--until", type=parse_day, default=dt.date.today())
    ap.add_argument("--disposition", help="e.g. ANSWERED, NO ANSWER")
    ap.add_argument("--agent", help="substring of the agent channel")
    ap.add_argument("-o", "--out", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.db).is_file():
        LOG.error("CDR extract %s not found", args.db)
        return 1
    query = ReportQuery(args.queue, args.since.isoformat(), args.until.isoformat(),
                        args.disposition, args.agent)
    try:
        rows = run_report(args.db, query)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2

    out = args.out or "cdr_%s_%s_%s.csv" % (args.queue, args.since, args.until)
    write_csv(rows, out)
    LOG.info("%d agents written to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
