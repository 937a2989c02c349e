#!/usr/bin/env python3
"""Push the month's member invoices to the billing platform.

Reads the monthly rollup (CSV) from a file or from a pipe, e.g.

    ./daily_kwh_rollup.sh ... && cat out/rollup-*.csv | BILL_PERIOD=2024-05 ./invoice_push.py -

builds one invoice per member and posts them as JSON to the billing
platform's API.  The API key comes from BILLING_API_KEY and is sent only to
that API.  A copy of what was sent is kept in ./out/.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict

LOG = logging.getLogger("invoice-push")
API_BASE = os.environ.get("BILLING_API_BASE", "https://billing.example.com/api/v1")


class BillingClient:
    def __init__(self, base, api_key, timeout=20):
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def post_invoice(self, invoice):
        body = json.dumps(invoice).encode()
        req = urllib.request.Request(
            f"{self.base}/invoices", data=body, method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}",
                     "Idempotency-Key": invoice["invoice_ref"]})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def build_invoices(rows, period, rate, standing):
    usage = defaultdict(lambda: [0.0, 0.0])
    for row in rows:
        usage[row["member_id"]][0] += float(row.get("import_kwh") or 0)
        usage[row["member_id"]][1] += float(row.get("export_kwh") or 0)
    for member, (imp, exp) in sorted(usage.items()):
        amount = round(standing + max(imp - exp, 0.0) * rate, 2)
        ref = hashlib.sha256(f"{member}:{period}".encode()).hexdigest()[:20]
        yield {"invoice_ref": ref, "member_id": member, "period": period,
               "import_kwh": round(imp, 3), "export_kwh": round(exp, 3),
               "amount": amount, "currency": "EUR"}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rollup", help="rollup CSV, or - for stdin")
    ap.add_argument("--period", default=os.environ.get("BILL_PERIOD"))
    ap.add_argument("--rate", type=float, default=float(os.environ.get("BILL_RATE", "0.24")))
    ap.add_argument("--standing", type=float, default=9.50)
    ap.add_argument("--no-send", action="store_true", help="only write the local copy")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.period:
        LOG.error("billing period missing (--period or BILL_PERIOD)")
        return 2
    api_key = os.environ.get("BILLING_API_KEY")
    if not api_key and not args.no_send:
        LOG.error("BILLING_API_KEY is not set")
        return 2

    try:
        fh = sys.stdin if args.rollup == "-" else open(args.rollup, newline="")
        with fh:
            invoices = list(build_invoices(csv.DictReader(fh), args.period,
                                           args.rate, args.standing))
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read rollup: %s", exc)
        return 1

    os.makedirs("out", exist_ok=True)
    with open(os.path.join("out", f"invoices-{args.period}.json"), "w") as out:
        json.dump(invoices, out, indent=2)
    LOG.info("%d invoices built for %s", len(invoices), args.period)
    if args.no_send:
        return 0

    client = BillingClient(API_BASE, api_key)
    failed = 0
    for inv in invoices:
        try:
            client.post_invoice(inv)
        except urllib.error.URLError as exc:
            failed += 1
            LOG.warning("invoice %s for %s failed: %s", inv["invoice_ref"], inv["member_id"], exc)
    LOG.info("sent %d, failed %d", len(invoices) - failed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
