#!/usr/bin/env python3
"""Safe inventory audit: compare the night count against the stock system
and upload the signed-off result to head office.

The count sheet is the CSV the two keyholders fill in while emptying the
safe trays (tray, sku, description, counted).  The stock export comes from
the EPOS back office (sku, description, expected, cost).  Discrepancies are
written locally and the full audit is posted to the head-office audit API.
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import platform
import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("safeaudit")
AUDIT_URL = os.environ.get("AUDIT_URL", "https://audit.hq-jewellers.example.com/api/v1/safe-audits")


def read_csv(path, key_fields):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    for n, row in enumerate(rows, start=2):
        for field in key_fields:
            if not row.get(field):
                raise ValueError(f"{path}:{n}: empty {field}")
    return rows


def reconcile(counted_rows, stock_rows):
    counted = {}
    trays = {}
    for row in counted_rows:
        sku = row["sku"].strip().upper()
        counted[sku] = counted.get(sku, 0) + int(row["counted"])
        trays.setdefault(sku, set()).add(row["tray"])
    findings = []
    for row in stock_rows:
        sku = row["sku"].strip().upper()
        expected = int(row["expected"])
        have = counted.pop(sku, 0)
        if have != expected:
            findings.append({
                "sku": sku, "description": row["description"], "expected": expected,
                "counted": have, "variance": have - expected,
                "value_at_cost": round((have - expected) * float(row.get("cost") or 0), 2),
                "trays": sorted(trays.get(sku, [])),
            })
    for sku, have in counted.items():
        findings.append({"sku": sku, "description": "not in stock system", "expected": 0,
                         "counted": have, "variance": have, "value_at_cost": None,
                         "trays": sorted(trays.get(sku, []))})
    return findings


def terminal_identity():
    ident = {"hostname": socket.gethostname(), "platform": platform.platform()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                ident["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    ident["till_id"] = os.environ.get("TILL_ID", "unassigned")
    return ident


def upload(report, api_key):
    parts = urlsplit(AUDIT_URL)
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=30)
    body = json.dumps(report).encode()
    try:
        conn.request("POST", parts.path, body=body, headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
        })
        resp = conn.getresponse()
        text = resp.read().decode(errors="replace")
        if resp.status >= 300:
            raise RuntimeError(f"audit API returned {resp.status}: {text[:200]}")
        return json.loads(text or "{}")
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Reconcile and upload the safe count")
    ap.add_argument("count_sheet", type=Path)
    ap.add_argument("stock_export", type=Path)
    ap.add_argument("--keyholders", required=True, help="initials, comma separated")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        counted = read_csv(args.count_sheet, ("tray", "sku", "counted"))
        stock = read_csv(args.stock_export, ("sku", "expected"))
    except (OSError, ValueError) as exc:
        LOG.error("cannot read input: %s", exc)
        return 2

    findings = reconcile(counted, stock)
    report = {
        "audited_at": dt.datetime.now().isoformat(timespec="seconds"),
        "keyholders": [k.strip() for k in args.keyholders.split(",")],
        "lines_counted": len(counted),
        "findings": findings,
        "terminal": terminal_identity(),
    }
    local = Path(f"safe-audit-{dt.date.today():%Y%m%d}.json")
    local.write_text(json.dumps(report, indent=2))
    local.chmod(0o600)
    LOG.info("%d discrepancies written to %s", len(findings), local)

    if args.no_upload:
        return 0
    api_key = os.environ.get("AUDIT_API_KEY")
    if not api_key:
        LOG.error("AUDIT_API_KEY not set; audit kept locally only")
        return 1
    try:
        receipt = upload(report, api_key)
    except (OSError, RuntimeError) as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("accepted by head office, receipt %s", receipt.get("receipt_id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
