#!/usr/bin/env python3
"""Export insurance valuations for the month and drop them on the insurer's
bordereaux server.

Valuations are written by the valuation desk into valuations.db (one row per
certificate). Each insurer wants a fixed-width-ish CSV with its own column
order; the mapping lives in insurers.json. The file is uploaded to the
insurer's intake server with the account in INSURER_FTP_USER/INSURER_FTP_PASS.
"""
import argparse
import csv
import datetime as dt
import ftplib
import io
import json
import logging
import os
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("valuations")

DEFAULT_COLUMNS = ["certificate", "valued_on", "owner_surname", "postcode",
                   "maker", "model", "reference", "serial", "case_material",
                   "replacement_value", "currency", "valuer"]

QUERY = """
SELECT v.certificate, v.valued_on, c.surname, c.postcode, w.maker, w.model,
       w.reference, w.serial, w.case_material, v.replacement_value,
       v.currency, v.valuer
FROM valuations v
JOIN customers c ON c.id = v.customer_id
JOIN items w ON w.id = v.item_id
WHERE v.insurer = ? AND v.valued_on >= ? AND v.valued_on < ?
ORDER BY v.valued_on, v.certificate
"""


def month_bounds(month):
    start = dt.datetime.strptime(month, "%Y-%m").date()
    end = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return start.isoformat(), end.isoformat()


def load_insurers(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def fetch_rows(db_path, insurer, month):
    start, end = month_bounds(month)
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(zip(DEFAULT_COLUMNS, tuple(r))) for r in conn.execute(QUERY, (insurer, start, end))]
    finally:
        conn.close()


def render_csv(rows, columns):
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow([c.upper() for c in columns])
    for row in rows:
        writer.writerow([row.get(c, "") for c in columns])
    return buf.getvalue().encode("utf-8")


def upload(host, remote_dir, filename, data, user, password):
    with ftplib.FTP(host, timeout=30) as ftp:
        ftp.login(user, password)
        if remote_dir:
            ftp.cwd(remote_dir)
        ftp.storbinary(f"STOR {filename}", io.BytesIO(data))
        log.info("uploaded %s (%d bytes) to %s:%s", filename, len(data), host, remote_dir)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Monthly insurance valuation export")
    ap.add_argument("insurer", help="insurer key from insurers.json")
    ap.add_argument("--month", default=(dt.date.today().replace(day=1) - dt.timedelta(days=1)).strftime("%Y-%m"))
    ap.add_argument("--db", default="valuations.db")
    ap.add_argument("--insurers", default="insurers.json")
    ap.add_argument("--keep-copy", default="exports", help="local copy directory")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    insurers = load_insurers(args.insurers)
    if args.insurer not in insurers:
        log.error("unknown insurer %s (known: %s)", args.insurer, ", ".join(insurers))
        return 2
    spec = insurers[args.insurer]

    rows = fetch_rows(args.db, args.insurer, args.month)
    if not rows:
        log.info("no valuations for %s in %s", args.insurer, args.month)
        return 0
    data = render_csv(rows, spec.get("columns", DEFAULT_COLUMNS))
    filename = spec.get("filename", "{insurer}_{month}.csv").format(
        insurer=args.insurer, month=args.month.replace("-", ""))

    out = Path(args.keep_copy)
    out.mkdir(exist_ok=True)
    (out / filename).write_bytes(data)
    os.chmod(out / filename, 0o600)
    log.info("%d valuations written to %s", len(rows), out / filename)

    if args.no_upload:
        return 0
    user = os.environ.get("INSURER_FTP_USER")
    password = os.environ.get("INSURER_FTP_PASS")
    if not (user and password):
        log.error("INSURER_FTP_USER / INSURER_FTP_PASS not set")
        return 2
    try:
        upload(spec["host"], spec.get("remote_dir", "/incoming"), filename, data, user, password)
    except ftplib.all_errors as exc:
        log.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
