#!/usr/bin/env python3
"""Refill queue lookup and reprint.

Looks up refills in the station's local queue database (synced nightly from
the pharmacy system) by patient last name, Rx number or status, and can
reprint the bottle label for a match on the station's default label queue.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import date

LOG = logging.getLogger("refill-lookup")

DEFAULT_DB = os.path.join(os.getcwd(), "refill_queue.db")

REPRINT_SCRIPT = r'''
set -e
printf '%s' "$LABEL_ZPL" > "$LABEL_FILE"
lp -d "$LABEL_QUEUE" -o raw -t "reprint-$RX_NUMBER" "$LABEL_FILE"
'''


class RefillQueue:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(f"queue database {path} not found")
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def search(self, last_name=None, rx_number=None, status=None, limit=50):
        clauses = []
        if last_name:
            clauses.append(f"patient_last LIKE '{last_name}%'")
        if rx_number:
            clauses.append(f"rx_number = '{rx_number}'")
        if status:
            clauses.append(f"status = '{status}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT rx_number, patient_last, patient_first, drug, qty, "
               f"refills_left, status, due_date FROM refills WHERE {where} "
               f"ORDER BY due_date LIMIT {int(limit)}")
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def build_zpl(row, store_id):
    return (
        "^XA^CI28"
        f"^FO20,20^A0N,28,28^FD{row['patient_last']}, {row['patient_first']}^FS"
        f"^FO20,60^A0N,24,24^FDRx {row['rx_number']}  Qty {row['qty']}^FS"
        f"^FO20,95^A0N,24,24^FD{row['drug']}^FS"
        f"^FO20,130^A0N,20,20^FDRefills left: {row['refills_left']}  Store {store_id}^FS"
        f"^FO20,160^A0N,18,18^FDReprinted {date.today().isoformat()}^FS"
        "^XZ"
    )


def reprint(row, queue, store_id):
    label_file = os.path.join(os.getcwd(), f"reprint_{row['rx_number']}.zpl")
    env = dict(os.environ, LABEL_ZPL=build_zpl(row, store_id), LABEL_FILE=label_file,
               LABEL_QUEUE=queue, RX_NUMBER=str(row["rx_number"]))
    proc = subprocess.run(["bash", "-c", REPRINT_SCRIPT], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("reprint failed: %s", proc.stderr.strip())
        return False
    LOG.info("sent to %s: %s", queue, proc.stdout.strip())
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DEFAULT_DB)
    ap.add_argument("--last-name")
    ap.add_argument("--rx")
    ap.add_argument("--status", choices=["queued", "filled", "ready", "picked_up", "on_hold"])
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--reprint", action="store_true", help="reprint label if exactly one match")
    ap.add_argument("--queue", default=os.environ.get("RX_LABEL_QUEUE", "zebra-front"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        q = RefillQueue(args.db)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 2
    try:
        rows = q.search(args.last_name, args.rx, args.status, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2
    finally:
        q.close()

    for r in rows:
        print(f"{r['rx_number']:>10}  {r['patient_last']:<16} {r['drug']:<28} "
              f"{r['status']:<10} due {r['due_date']}")
    LOG.info("%d matches", len(rows))

    if args.reprint:
        if len(rows) != 1:
            LOG.error("reprint needs exactly one match, got %d", len(rows))
            return 1
        return 0 if reprint(rows[0], args.queue, os.environ.get("RX_STORE_ID", "0000")) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
