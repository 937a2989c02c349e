#!/usr/bin/env python3
"""Load FreeSWITCH CDR JSON files into a local SQLite warehouse.

mod_json_cdr drops one JSON document per call into a spool folder.  This
loader flattens the fields the reporting team uses, upserts them into
cdr.sqlite and can print a quick per-queue summary for a date range.
"""
import argparse
import json
import logging
import sqlite3
import sys
from datetime import datetime
from pathlib import Path
from urllib.parse import unquote

log = logging.getLogger("cdr_loader")

COLUMNS = {
    "uuid": "TEXT PRIMARY KEY",
    "caller_id_number": "TEXT",
    "destination_number": "TEXT",
    "queue": "TEXT",
    "agent": "TEXT",
    "start_stamp": "TEXT",
    "answer_stamp": "TEXT",
    "end_stamp": "TEXT",
    "duration": "INTEGER",
    "billsec": "INTEGER",
    "hangup_cause": "TEXT",
}


def flatten(doc):
    v = doc.get("variables", {})
    get = lambda k: unquote(v.get(k, "")) if v.get(k) else None
    return {
        "uuid": get("uuid") or doc.get("callflow", [{}])[0].get("caller_profile", {}).get("uuid"),
        "caller_id_number": get("caller_id_number"),
        "destination_number": get("destination_number"),
        "queue": get("cc_queue"),
        "agent": get("cc_agent"),
        "start_stamp": get("start_stamp"),
        "answer_stamp": get("answer_stamp"),
        "end_stamp": get("end_stamp"),
        "duration": int(v.get("duration", 0) or 0),
        "billsec": int(v.get("billsec", 0) or 0),
        "hangup_cause": get("hangup_cause"),
    }


def sql_value(value):
    if value is None:
        return "NULL"
    if isinstance(value, int):
        return str(value)
    return "'%s'" % str(value).replace("'", "''")


class Warehouse:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        cols = ", ".join(f"{k} {t}" for k, t in COLUMNS.items())
        self.conn.execute(f"CREATE TABLE IF NOT EXISTS cdr ({cols})")
        self.conn.execute("CREATE INDEX IF NOT EXISTS cdr_queue_start ON cdr(queue, start_stamp)")

    def upsert(self, row):
        names = ", ".join(row)
        values = ", ".join(sql_value(v) for v in row.values())
        self.conn.execute("INSERT OR REPLACE INTO cdr (%s) VALUES (%s)" % (names, values))

    def summary(self, since, until, queue=None):
        where = "start_stamp >= '%s' AND start_stamp < '%s'" % (since, until)
        if queue:
            where += " AND queue = '%s'" % queue
        sql = """
            SELECT COALESCE(queue, '(none)') AS q,
                   COUNT(*) AS offered,
                   SUM(CASE WHEN answer_stamp IS NOT NULL THEN 1 ELSE 0 END) AS answered,
                   ROUND(AVG(NULLIF(billsec, 0)), 1) AS aht
              FROM cdr WHERE %s
          GROUP BY q ORDER BY offered DESC""" % where
        return self.conn.execute(sql).fetchall()

    def commit(self):
        self.conn.commit()


def load_spool(wh, spool, archive):
    loaded = bad = 0
    for path in sorted(Path(spool).glob("*.cdr.json")):
        try:
            row = flatten(json.loads(path.read_text(encoding="utf-8")))
            if not row["uuid"]:
                raise ValueError("no uuid")
            wh.upsert(row)
        except (ValueError, KeyError, json.JSONDecodeError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            bad += 1
            continue
        loaded += 1
        if archive:
            archive.mkdir(parents=True, exist_ok=True)
            path.rename(archive / path.name)
        if loaded % 1000 == 0:
            wh.commit()
            log.info("%d loaded so far", loaded)
    wh.commit()
    return loaded, bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="cdr.sqlite")
    ap.add_argument("--spool", default="./json_cdr")
    ap.add_argument("--archive", default="./json_cdr/loaded")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--since", default=datetime.now().strftime("%Y-%m-%d"))
    ap.add_argument("--until", default="9999-12-31")
    ap.add_argument("--queue")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    wh = Warehouse(args.db)
    if Path(args.spool).is_dir():
        loaded, bad = load_spool(wh, args.spool, Path(args.archive) if args.archive else None)
        log.info("loaded %d CDRs (%d rejected)", loaded, bad)

    if args.report:
        rows = wh.summary(args.since, args.until, args.queue)
        print(f"{'queue':<20}{'offered':>9}{'answered':>10}{'AHT s':>8}")
        for q, offered, answered, aht in rows:
            print(f"{q:<20}{offered:>9}{answered:>10}{(aht or 0):>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
