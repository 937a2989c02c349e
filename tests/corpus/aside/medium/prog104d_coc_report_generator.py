#!/usr/bin/env python3
"""Chain-of-custody report builder for FSC / PEFC audits.

Reads the batch ledger (CSV) and the certificate register (YAML) and
produces a per-customer custody report as CSV and HTML. Supplier
certificate codes are checked against the registry lookup API before the
report is issued, so lapsed certificates are flagged for the auditor.
"""
import argparse
import csv
import html
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("coc")

REGISTRY_URL = os.environ.get("COC_REGISTRY_URL", "https://certcheck.timber-registry.example/api/v1")
CLAIM_ORDER = ["FSC 100%", "FSC Mix", "FSC Recycled", "PEFC 100%", "PEFC 70%", "Uncertified"]


def load_register(path):
    with open(path, encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    suppliers = data.get("suppliers", {})
    log.info("register: %d suppliers, site cert %s", len(suppliers), data.get("site_certificate"))
    return data.get("site_certificate", ""), suppliers


def read_ledger(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            row["volume_m3"] = float(row.get("volume_m3") or 0)
            yield row


class RegistryCheck:
    """Looks certificate codes up on the registry's public lookup API.

    The API answers 200 with the certificate status for known codes and
    404 otherwise.
    """

    def __init__(self, base=REGISTRY_URL, timeout=10):
        self.base = base.rstrip("/")
        self.timeout = timeout

    def _lookup(self, code):
        url = f"{self.base}/certificates/{urllib.parse.quote(code)}"
        req = urllib.request.Request(url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def verify(self, codes):
        status = {}
        for code in sorted(set(codes)):
            try:
                record = self._lookup(code)
                status[code] = "valid" if record.get("status") == "Valid" else record.get("status", "?")
            except urllib.error.HTTPError as exc:
                status[code] = "not found" if exc.code == 404 else f"error {exc.code}"
            except (urllib.error.URLError, ValueError) as exc:
                log.debug("lookup of %s failed: %s", code, exc)
                status[code] = "unchecked"
        return status


def build(ledger_rows, suppliers):
    per_customer = defaultdict(lambda: defaultdict(float))
    sources = defaultdict(set)
    for row in ledger_rows:
        sup = suppliers.get(row["supplier_id"], {})
        claim = row.get("claim") or sup.get("claim", "Uncertified")
        per_customer[row["customer"]][claim] += row["volume_m3"]
        if sup.get("certificate"):
            sources[row["customer"]].add(sup["certificate"])
    return per_customer, sources


def write_csv(path, per_customer, sources, status):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["customer", "claim", "volume_m3", "supplier_certificates", "all_valid"])
        for cust, claims in sorted(per_customer.items()):
            certs = sorted(sources[cust])
            ok = all(status.get(c) == "valid" for c in certs)
            for claim in CLAIM_ORDER:
                if claims.get(claim):
                    w.writerow([cust, claim, f"{claims[claim]:.3f}", " ".join(certs), ok])


def write_html(path, site_cert, per_customer, sources, status):
    rows = []
    for cust, claims in sorted(per_customer.items()):
        for claim in CLAIM_ORDER:
            if claims.get(claim):
                certs = ", ".join(
                    f"{html.escape(c)} ({status.get(c, '?')})" for c in sorted(sources[cust]))
                rows.append(f"<tr><td>{html.escape(cust)}</td><td>{claim}</td>"
                            f"<td>{claims[claim]:.3f}</td><td>{certs}</td></tr>")
    Path(path).write_text(
        "<html><head><meta charset='utf-8'><title>Chain of custody</title></head><body>"
        f"<h1>Chain of custody report</h1><p>Site certificate {html.escape(site_cert)}"
        f" &middot; issued {date.today().isoformat()}</p>"
        "<table border='1'><tr><th>Customer</th><th>Claim</th><th>m&sup3;</th>"
        "<th>Supplier certificates</th></tr>" + "".join(rows) + "</table></body></html>",
        encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the chain-of-custody report")
    ap.add_argument("ledger", help="batch ledger CSV")
    ap.add_argument("--register", default="cert_register.yaml")
    ap.add_argument("--out", default="coc_report")
    ap.add_argument("--skip-registry", action="store_true", help="do not check certificates")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        site_cert, suppliers = load_register(args.register)
        per_customer, sources = build(read_ledger(args.ledger), suppliers)
    except (OSError, KeyError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot build report: %s", exc)
        return 1

    all_codes = [c for s in sources.values() for c in s]
    status = {} if args.skip_registry else RegistryCheck().verify(all_codes)
    lapsed = [c for c, s in status.items() if s != "valid"]
    if lapsed:
        log.warning("certificates not confirmed: %s", ", ".join(lapsed))

    write_csv(f"{args.out}.csv", per_customer, sources, status)
    write_html(f"{args.out}.html", site_cert, per_customer, sources, status)
    log.info("wrote %s.csv and %s.html for %d customers", args.out, args.out, len(per_customer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
