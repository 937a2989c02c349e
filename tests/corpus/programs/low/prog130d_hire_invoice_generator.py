#!/usr/bin/env python3
"""Generate hire invoices for the instrument hire desk.

Reads the hire ledger export (CSV) and writes one HTML invoice per customer
into ./invoices, optionally converting to PDF when WeasyPrint is installed.
Unchanged invoices are skipped using a small cache keyed on the line items.
"""

import argparse
import csv
import hashlib
import html
import json
import logging
import os
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, ROUND_HALF_UP

LOG = logging.getLogger("invoices")
VAT_RATE = Decimal("0.20")
CACHE_FILE = ".invoice_cache.json"


@dataclass
class HireLine:
    customer: str
    item: str
    serial: str
    days: int
    day_rate: Decimal
    deposit: Decimal

    @property
    def total(self):
        return (self.day_rate * self.days).quantize(Decimal("0.01"), ROUND_HALF_UP)


def read_ledger(path):
    lines = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                line = HireLine(row["customer"].strip(), row["item"].strip(),
                                row.get("serial", "").strip(), int(row["days"]),
                                Decimal(row["day_rate"]), Decimal(row.get("deposit") or "0"))
            except (KeyError, ValueError, ArithmeticError) as exc:
                LOG.warning("skipping ledger row %d: %s", n, exc)
                continue
            lines[line.customer].append(line)
    return lines


def cache_key(customer, items):
    blob = json.dumps([customer] + [[i.item, i.serial, i.days, str(i.day_rate)] for i in items])
    return hashlib.md5(blob.encode("utf-8")).hexdigest()


def load_cache():
    try:
        with open(CACHE_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def save_cache(cache):
    with open(CACHE_FILE, "w", encoding="utf-8") as fh:
        json.dump(cache, fh, indent=1)


def render_html(customer, items, number, shop):
    subtotal = sum((i.total for i in items), Decimal("0"))
    vat = (subtotal * VAT_RATE).quantize(Decimal("0.01"), ROUND_HALF_UP)
    deposits = sum((i.deposit for i in items), Decimal("0"))
    rows = "\n".join(
        "<tr><td>%s</td><td>%s</td><td>%d</td><td>&pound;%s</td><td>&pound;%s</td></tr>"
        % (html.escape(i.item), html.escape(i.serial), i.days, i.day_rate, i.total)
        for i in items)
    return """<!doctype html><html><head><meta charset="utf-8">
<title>Invoice {num}</title><style>body{{font-family:sans-serif}}td,th{{padding:4px 10px}}</style>
</head><body><h1>{shop}</h1><p>Invoice {num} &middot; {today}</p>
<p>Bill to: <strong>{cust}</strong></p>
<table><tr><th>Item</th><th>Serial</th><th>Days</th><th>Rate</th><th>Total</th></tr>
{rows}</table>
<p>Subtotal &pound;{sub}<br>VAT &pound;{vat}<br><strong>Due &pound;{due}</strong></p>
<p>Deposits held: &pound;{dep} (refunded on return of gear in good condition)</p>
</body></html>""".format(num=number, shop=html.escape(shop), today=date.today().isoformat(),
                         cust=html.escape(customer), rows=rows, sub=subtotal, vat=vat,
                         due=subtotal + vat, dep=deposits)


def to_pdf(html_path):
    try:
        from weasyprint import HTML
    except ImportError:
        return None
    pdf_path = html_path[:-5] + ".pdf"
    HTML(filename=html_path).write_pdf(pdf_path)
    return pdf_path


def main():
    ap = argparse.ArgumentParser(description="Instrument hire invoice generator")
    ap.add_argument("ledger", help="hire ledger CSV export")
    ap.add_argument("--out", default="invoices")
    ap.add_argument("--shop", default=os.environ.get("SHOP_NAME", "Backline Hire Co."))
    ap.add_argument("--start-number", type=int, default=1000)
    ap.add_argument("--pdf", action="store_true")
    ap.add_argument("--force", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(args.out, exist_ok=True)
    cache = {} if args.force else load_cache()
    ledger = read_ledger(args.ledger)
    number = args.start_number
    written = 0
    for customer in sorted(ledger):
        items = ledger[customer]
        key = cache_key(customer, items)
        number += 1
        if cache.get(customer) == key:
            LOG.info("unchanged: %s", customer)
            continue
        slug = "".join(c if c.isalnum() else "_" for c in customer.lower())
        path = os.path.join(args.out, "INV%05d_%s.html" % (number, slug))
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(render_html(customer, items, number, args.shop))
        if args.pdf and to_pdf(path) is None:
            LOG.warning("weasyprint not installed, HTML only")
        cache[customer] = key
        written += 1
        LOG.info("wrote %s", path)
    save_cache(cache)
    LOG.info("%d invoices written, %d customers", written, len(ledger))


if __name__ == "__main__":
    main()
