#!/usr/bin/env python3
"""Build monthly invoices for freelance translators from a jobs CSV.

jobs.csv columns: date, client, job_id, service, units, unit (word/hour/page),
currency.  Rates and invoicing details come from invoice.json:

    {"translator": {"name": "...", "address": "...", "iban": "..."},
     "rates": {"translation": 0.11, "proofreading": 0.04, "mtpe": 0.07},
     "hourly": 38.0, "currency": "EUR", "vat_rate": 0.0}

Invoices are written to ./invoices/<client>_<YYYY-MM>.html.
"""
import argparse
import csv
import html
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import requests

log = logging.getLogger("invoices")
CENT = Decimal("0.01")
RATES_URL = "https://api.frankfurter.app/latest"


def money(x):
    return Decimal(x).quantize(CENT, rounding=ROUND_HALF_UP)


def fx_table(base):
    """Exchange rates into `base`; falls back to 1:1 if the service is down."""
    try:
        r = requests.get(RATES_URL, params={"from": base}, timeout=10)
        r.raise_for_status()
        rates = r.json().get("rates", {})
        return {cur: Decimal(1) / Decimal(str(v)) for cur, v in rates.items()}
    except (requests.RequestException, ValueError) as exc:
        log.warning("no exchange rates (%s); foreign amounts kept as-is", exc)
        return {}


def load_jobs(path, month):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            d = datetime.strptime(row["date"], "%Y-%m-%d").date()
            if d.strftime("%Y-%m") == month:
                row["date"] = d
                yield row


def price_line(job, cfg):
    units = Decimal(job["units"])
    if job["unit"] == "hour":
        rate = Decimal(str(cfg["hourly"]))
    else:
        rate = Decimal(str(cfg["rates"].get(job["service"], 0)))
        if rate == 0:
            log.warning("no rate for service %r (job %s)", job["service"], job["job_id"])
    return rate, money(units * rate)


def render(client, month, lines, cfg, number):
    t = cfg["translator"]
    cur = cfg["currency"]
    net = sum((l["amount"] for l in lines), Decimal(0))
    vat = money(net * Decimal(str(cfg.get("vat_rate", 0))))
    rows = "\n".join(
        f"<tr><td>{l['date']}</td><td>{html.escape(l['job_id'])}</td>"
        f"<td>{html.escape(l['service'])}</td><td>{l['units']} {l['unit']}</td>"
        f"<td>{l['rate']}</td><td>{l['amount']} {cur}</td></tr>" for l in lines)
    return f"""<!doctype html><html><head><meta charset="utf-8">
<title>Invoice {number}</title></head><body>
<h1>Invoice {number}</h1>
<p>{html.escape(t['name'])}<br>{html.escape(t['address'])}</p>
<p>To: {html.escape(client)}<br>Period: {month}<br>Date: {date.today()}</p>
<table border="1" cellpadding="4"><tr><th>Date</th><th>Job</th><th>Service</th>
<th>Volume</th><th>Rate</th><th>Amount</th></tr>
{rows}
</table>
<p>Net: {money(net)} {cur}<br>VAT: {vat} {cur}<br><b>Total: {money(net + vat)} {cur}</b></p>
<p>IBAN: {html.escape(t['iban'])}</p></body></html>"""


def main(argv=None):
    ap = argparse.ArgumentParser(description="Freelancer invoice builder")
    ap.add_argument("jobs", help="jobs CSV")
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--config", default="invoice.json")
    ap.add_argument("--start-number", type=int, default=1)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = json.loads(Path(args.config).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 2

    fx = None
    by_client = defaultdict(list)
    for job in load_jobs(args.jobs, args.month):
        rate, amount = price_line(job, cfg)
        if job.get("currency") and job["currency"] != cfg["currency"]:
            fx = fx if fx is not None else fx_table(cfg["currency"])
            amount = money(amount * fx.get(job["currency"], Decimal(1)))
        by_client[job["client"]].append(dict(job, rate=rate, amount=amount))

    if not by_client:
        log.info("no jobs in %s", args.month)
        return 0
    outdir = Path("invoices")
    outdir.mkdir(exist_ok=True)
    for n, (client, lines) in enumerate(sorted(by_client.items()), args.start_number):
        number = f"{args.month.replace('-', '')}-{n:03d}"
        target = outdir / f"{client.replace(' ', '_')}_{args.month}.html"
        target.write_text(render(client, args.month, lines, cfg, number), encoding="utf-8")
        os.chmod(target, 0o600)
        log.info("%s: %d line(s) -> %s", client, len(lines), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
