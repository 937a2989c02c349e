#!/usr/bin/env python3
"""Import Asterisk Master.csv CDR exports into a local SQLite file and print
a per-extension / per-disposition summary for the weekly ops review."""

import argparse
import csv
import hashlib
import json
import logging
import sqlite3
from collections import Counter
from pathlib import Path

LOG = logging.getLogger("cdr-report")

CDR_COLUMNS = (
    "accountcode", "src", "dst", "dcontext", "clid", "channel", "dstchannel",
    "lastapp", "lastdata", "start", "answer", "end", "duration", "billsec",
    "disposition", "amaflags", "uniqueid",
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS cdr (
    uniqueid TEXT PRIMARY KEY, src TEXT, dst TEXT, dcontext TEXT,
    start TEXT, duration INTEGER, billsec INTEGER, disposition TEXT
);
CREATE TABLE IF NOT EXISTS imports (digest TEXT PRIMARY KEY, filename TEXT);
"""


def file_digest(path: Path) -> str:
    """Cache key so the same export is never imported twice."""
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def import_csv(conn: sqlite3.Connection, csv_path: Path) -> int:
    digest = file_digest(csv_path)
    if conn.execute("SELECT 1 FROM imports WHERE digest = ?", (digest,)).fetchone():
        LOG.info("%s already imported (%s)", csv_path.name, digest)
        return 0
    rows = 0
    with csv_path.open(newline="", encoding="utf-8", errors="replace") as fh:
        for raw in csv.reader(fh):
            if len(raw) < len(CDR_COLUMNS):
                LOG.debug("short row skipped: %r", raw[:3])
                continue
            rec = dict(zip(CDR_COLUMNS, raw))
            conn.execute(
                "INSERT OR IGNORE INTO cdr VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (rec["uniqueid"], rec["src"], rec["dst"], rec["dcontext"],
                 rec["start"], int(rec["duration"] or 0),
                 int(rec["billsec"] or 0), rec["disposition"]),
            )
            rows += 1
    conn.execute("INSERT INTO imports VALUES (?, ?)", (digest, csv_path.name))
    conn.commit()
    return rows


def summarize(conn: sqlite3.Connection, context: str, top: int) -> dict:
    dispositions = Counter(dict(conn.execute(
        "SELECT disposition, COUNT(*) FROM cdr WHERE dcontext = ? GROUP BY disposition",
        (context,),
    ).fetchall()))
    talkers = conn.execute(
        "SELECT src, SUM(billsec) AS talk FROM cdr WHERE dcontext = ? "
        "GROUP BY src ORDER BY talk DESC LIMIT ?",
        (context, top),
    ).fetchall()
    return {
        "context": context,
        "dispositions": dict(dispositions),
        "top_talkers": [{"src": s, "billsec": b} for s, b in talkers],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", nargs="+", type=Path, help="Master.csv exports")
    ap.add_argument("--db", type=Path, default=Path("cdr_report.sqlite3"))
    ap.add_argument("--context", default="from-internal")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--out", type=Path, default=Path("cdr_summary.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    total = 0
    for path in args.csv:
        if not path.is_file():
            LOG.warning("missing export: %s", path)
            continue
        total += import_csv(conn, path)
    LOG.info("imported %d new rows", total)

    report = summarize(conn, args.context, args.top)
    args.out.write_text(json.dumps(report, indent=2))
    for disp, count in sorted(report["dispositions"].items()):
        print(f"{disp:<12} {count:>6}")
    conn.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
