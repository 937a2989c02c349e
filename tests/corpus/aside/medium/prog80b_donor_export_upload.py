#!/usr/bin/env python3
"""Export donor totals from the local CRM mirror and push a snapshot to the
board reporting service.

The reporting service keeps one snapshot per export run so the finance
committee can compare quarters.  The API key comes from REPORTS_API_KEY.

Usage:
    donor_export_upload.py --db crm_mirror.sqlite --since 2024-01-01
    donor_export_upload.py --dry-run            # write the CSV only
"""
import argparse
import base64
import csv
import gzip
import http.client
import io
import json
import logging
import os
import sqlite3
import ssl
import sys
from datetime import date, datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("donor_export")

CONFIG_FILE = Path(".donor_export.json")
DEFAULTS = {
    "endpoint": "https://reports.internal.example.org/api/v2/donor-snapshots",
    "ca_bundle": None,
    "timeout": 30,
    "chapter": "main",
}

FIELDS = (
    "donor_id", "first_name", "last_name", "email", "postal_code",
    "lifetime_total", "last_gift_date", "gift_count",
)

DONOR_QUERY = """
SELECT d.id, d.first_name, d.last_name, d.email, d.postal_code,
       ROUND(COALESCE(SUM(g.amount), 0), 2), MAX(g.received_on), COUNT(g.id)
FROM donors d
LEFT JOIN gifts g ON g.donor_id = d.id AND g.received_on >= ?
WHERE d.do_not_share = 0
GROUP BY d.id
ORDER BY d.id
"""


def load_config():
    cfg = dict(DEFAULTS)
    if CONFIG_FILE.exists():
        try:
            cfg.update(json.loads(CONFIG_FILE.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring malformed %s: %s", CONFIG_FILE, exc)
    return cfg


def fetch_rows(db_path, since):
    conn = sqlite3.connect(db_path)
    try:
        cur = conn.execute(DONOR_QUERY, (since.isoformat(),))
        for row in cur:
            yield dict(zip(FIELDS, row))
    finally:
        conn.close()


def rows_to_csv_gz(rows):
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=FIELDS)
    writer.writeheader()
    count = 0
    for row in rows:
        writer.writerow(row)
        count += 1
    return gzip.compress(text.getvalue().encode("utf-8")), count


class SnapshotUploader:
    """Small http.client wrapper; requests is not installed on the office box."""

    def __init__(self, endpoint, api_key, ca_bundle=None, timeout=30):
        parts = urlsplit(endpoint)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.path = parts.path or "/"
        self.api_key = api_key
        self.ca_bundle = ca_bundle
        self.timeout = timeout

    def _context(self):
        if self.ca_bundle:
            return ssl.create_default_context(cafile=self.ca_bundle)
        # reports.internal is signed by the office CA, which the kiosk
        # laptops do not carry in their trust store.
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        return ctx

    def send(self, payload):
        body = json.dumps(payload).encode("utf-8")
        conn = http.client.HTTPSConnection(
            self.host, self.port, timeout=self.timeout, context=self._context()
        )
        try:
            conn.request("POST", self.path, body=body, headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.api_key}",
            })
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"upload failed: {resp.status} {data[:200]!r}")
            return json.loads(data or b"{}")
        finally:
            conn.close()


def build_payload(cfg, blob, count, since):
    return {
        "chapter": cfg["chapter"],
        "generated_at": datetime.now(timezone.utc).isoformat(),
        "since": since.isoformat(),
        "row_count": count,
        "encoding": "csv+gzip+base64",
        "data": base64.b64encode(blob).decode("ascii"),
    }


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", default="crm_mirror.sqlite")
    p.add_argument("--since", type=date.fromisoformat,
                   default=date(date.today().year, 1, 1))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config()

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 2

    blob, count = rows_to_csv_gz(fetch_rows(args.db, args.since))
    out = Path(f"donor_export_{args.since:%Y%m%d}.csv.gz")
    out.write_bytes(blob)
    log.info("wrote %d donors to %s", count, out)

    if args.dry_run:
        return 0

    api_key = os.environ.get("REPORTS_API_KEY")
    if not api_key:
        log.error("REPORTS_API_KEY is not set")
        return 2

    uploader = SnapshotUploader(cfg["endpoint"], api_key,
                                cfg.get("ca_bundle"), cfg["timeout"])
    try:
        result = uploader.send(build_payload(cfg, blob, count, args.since))
    except (OSError, RuntimeError) as exc:
        log.error("snapshot upload failed: %s", exc)
        return 1
    log.info("snapshot accepted: id=%s", result.get("snapshot_id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
