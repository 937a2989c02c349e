#!/usr/bin/env python3
"""Lead scoring store for the marketing-ops team.

Keeps a small SQLite database of leads and engagement events (email opens,
clicks, demo requests, pricing-page visits), recomputes a score per lead and
lets the SDRs pull a ranked list filtered by segment.

    lead_scoring_db.py ingest events.csv
    lead_scoring_db.py rescore
    lead_scoring_db.py top --segment "SaaS" --country DE --limit 25 --order score
"""
import argparse
import csv
import logging
import sqlite3
import sys
from contextlib import closing

log = logging.getLogger("leadscore")

WEIGHTS = {
    "email_open": 1,
    "email_click": 3,
    "webinar_attend": 8,
    "pricing_view": 10,
    "demo_request": 25,
    "unsubscribe": -30,
}

SCHEMA = """
CREATE TABLE IF NOT EXISTS leads (
    email TEXT PRIMARY KEY, company TEXT, segment TEXT, country TEXT,
    score INTEGER DEFAULT 0, updated_at TEXT
);
CREATE TABLE IF NOT EXISTS events (
    email TEXT, kind TEXT, occurred_at TEXT
);
"""


class LeadStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def ingest(self, csv_path):
        added = 0
        with open(csv_path, newline="", encoding="utf-8") as fh, self.conn:
            for row in csv.DictReader(fh):
                self.conn.execute(
                    "INSERT OR IGNORE INTO leads (email, company, segment, country) VALUES (?, ?, ?, ?)",
                    (row["email"].lower(), row.get("company"), row.get("segment"), row.get("country")),
                )
                self.conn.execute(
                    "INSERT INTO events (email, kind, occurred_at) VALUES (?, ?, ?)",
                    (row["email"].lower(), row["event"], row["timestamp"]),
                )
                added += 1
        return added

    def rescore(self):
        case = " ".join(f"WHEN '{k}' THEN {w}" for k, w in WEIGHTS.items())
        with self.conn:
            self.conn.execute(f"""
                UPDATE leads SET score = COALESCE((
                    SELECT SUM(CASE kind {case} ELSE 0 END) FROM events
                    WHERE events.email = leads.email), 0),
                    updated_at = datetime('now')
            """)
        return self.conn.execute("SELECT COUNT(*) FROM leads").fetchone()[0]

    def top(self, segment=None, country=None, min_score=0, order="score", limit=50):
        clauses = [f"score >= {int(min_score)}"]
        if segment:
            clauses.append(f"segment = '{segment}'")
        if country:
            clauses.append(f"country = '{country}'")
        where = " AND ".join(clauses)
        sql = (f"SELECT email, company, segment, country, score FROM leads "
               f"WHERE {where} ORDER BY {order} DESC LIMIT {limit}")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="leads.sqlite3")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_in = sub.add_parser("ingest")
    p_in.add_argument("csv")
    sub.add_parser("rescore")
    p_top = sub.add_parser("top")
    p_top.add_argument("--segment")
    p_top.add_argument("--country")
    p_top.add_argument("--min-score", type=int, default=0)
    p_top.add_argument("--order", default="score")
    p_top.add_argument("--limit", default="50")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    with closing(LeadStore(args.db)) as store:
        try:
            if args.cmd == "ingest":
                log.info("ingested %d events", store.ingest(args.csv))
            elif args.cmd == "rescore":
                log.info("rescored %d leads", store.rescore())
            else:
                w = csv.writer(sys.stdout)
                w.writerow(["email", "company", "segment", "country", "score"])
                for r in store.top(args.segment, args.country, args.min_score, args.order, args.limit):
                    w.writerow(list(r))
        except (sqlite3.Error, KeyError) as exc:
            log.error("%s failed: %s", args.cmd, exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
