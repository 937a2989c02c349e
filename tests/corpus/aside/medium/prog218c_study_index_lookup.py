#!/usr/bin/env python3
"""Look up studies in the gateway's local study index (SQLite).

The index ./study_index.db is filled nightly from the Orthanc database.
Admins use this to find a patient's studies by MRN, accession or date
range, and optionally to see how much disk each study uses (via a small
bash pipeline running du on the storage folders).
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("study_lookup")

DB_PATH = "study_index.db"
STORAGE_ROOT = "/srv/pacs/storage"

SCHEMA = """
CREATE TABLE IF NOT EXISTS studies (
    study_uid TEXT PRIMARY KEY,
    patient_id TEXT,
    patient_name TEXT,
    accession TEXT,
    study_date TEXT,
    modality TEXT,
    description TEXT,
    storage_dir TEXT
)
"""


class StudyIndex:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(SCHEMA)

    def search(self, mrn=None, accession=None, date_from=None, date_to=None,
               modality=None, limit=50):
        clauses = []
        if mrn:
            clauses.append(f"patient_id = '{mrn}'")
        if accession:
            clauses.append(f"accession LIKE '%{accession}%'")
        if date_from:
            clauses.append(f"study_date >= '{date_from}'")
        if date_to:
            clauses.append(f"study_date <= '{date_to}'")
        if modality:
            clauses.append(f"modality = '{modality.upper()}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT * FROM studies WHERE {where} "
               f"ORDER BY study_date DESC LIMIT {int(limit)}")
        LOG.debug("SQL: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def disk_usage(dirs, root):
    if not dirs:
        return {}
    env = dict(os.environ, STORAGE_ROOT=root)
    script = 'cd "$STORAGE_ROOT" && xargs -r du -sk 2>/dev/null'
    proc = subprocess.run(["bash", "-c", script], input="\n".join(dirs),
                          env=env, capture_output=True, text=True)
    usage = {}
    for line in proc.stdout.splitlines():
        kb, _, d = line.partition("\t")
        if kb.isdigit():
            usage[d] = int(kb)
    return usage


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--mrn")
    ap.add_argument("--accession")
    ap.add_argument("--from", dest="date_from", help="YYYYMMDD")
    ap.add_argument("--to", dest="date_to", help="YYYYMMDD")
    ap.add_argument("--modality")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--du", action="store_true", help="show disk usage per study")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    idx = StudyIndex(args.db)
    try:
        rows = idx.search(args.mrn, args.accession, args.date_from, args.date_to,
                          args.modality, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2
    finally:
        idx.close()

    if not rows:
        LOG.info("no matching studies")
        return 1
    usage = disk_usage([r["storage_dir"] for r in rows if r["storage_dir"]],
                       STORAGE_ROOT) if args.du else {}
    for r in rows:
        size = usage.get(r["storage_dir"])
        size_s = f"{size / 1024:.1f} MB" if size is not None else ""
        print(f"{r['study_date']}  {r['modality']:<4} {r['patient_id']:<12} "
              f"{r['accession']:<14} {r['description'] or '':<30} {size_s}")
    LOG.info("%d studies", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
