#!/usr/bin/env python3
"""Render monthly customer invoices from an order export.

Reads ``orders.csv`` (exported from the shop back office) from the current
working directory, groups lines per customer, renders one plain-text/HTML
invoice per customer into ``./invoices/<period>/`` and keeps a small render
cache in ``./.invoice_cache`` so unchanged invoices are not rewritten.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import html
import json
import logging
import os
import shutil
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

LOG = logging.getLogger("invoice_batch")
CACHE_DIR = Path(".invoice_cache")

TEMPLATE = """<html><head><meta charset="utf-8"><title>Invoice {number}</title></head>
<body>
<h1>Invoice {number}</h1>
<p>Bill to: {customer}<br>{address}</p>
<p>Period: {period}</p>
<table border="1" cellpadding="4">
<tr><th>SKU</th><th>Description</th><th>Qty</th><th>Unit</th><th>Total</th></tr>
{rows}
</table>
<p>Net: {net} {currency}<br>VAT ({vat_rate}%): {vat} {currency}<br><b>Gross: {gross} {currency}</b></p>
</body></html>
"""


@dataclass
class InvoiceLine:
    sku: str
    description: str
    qty: int
    unit_price: Decimal

    @property
    def total(self) -> Decimal:
        return (self.unit_price * self.qty).quantize(Decimal("0.01"), ROUND_HALF_UP)


@dataclass
class Invoice:
    customer_id: str
    customer_name: str
    address: str
    currency: str
    lines: list[InvoiceLine] = field(default_factory=list)

    def net(self) -> Decimal:
        return sum((line.total for line in self.lines), Decimal("0.00"))


def load_orders(path: Path) -> dict[str, Invoice]:
    invoices: dict[str, Invoice] = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            cid = row["customer_id"].strip()
            inv = invoices.get(cid)
            if inv is None:
                inv = Invoice(cid, row["customer_name"], row.get("address", ""),
                              row.get("currency", "EUR"))
                invoices[cid] = inv
            try:
                inv.lines.append(InvoiceLine(row["sku"], row["description"],
                                             int(row["qty"]), Decimal(row["unit_price"])))
            except (ValueError, ArithmeticError) as exc:
                LOG.warning("skipping malformed line for %s: %s", cid, exc)
    return invoices


def render(inv: Invoice, number: str, period: str, vat_rate: Decimal) -> str:
    rows = "\n".join(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>".format(
            html.escape(l.sku), html.escape(l.description), l.qty, l.unit_price, l.total)
        for l in inv.lines)
    net = inv.net()
    vat = (net * vat_rate / 100).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return TEMPLATE.format(number=number, customer=html.escape(inv.customer_name),
                           address=html.escape(inv.address), period=period, rows=rows,
                           net=net, vat=vat, gross=net + vat, vat_rate=vat_rate,
                           currency=inv.currency)


def cache_key(text: str) -> str:
    # Only used to detect unchanged output between runs.
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def load_cache() -> dict[str, str]:
    index = CACHE_DIR / "index.json"
    if index.exists():
        return json.loads(index.read_text())
    return {}


def save_cache(cache: dict[str, str]) -> None:
    CACHE_DIR.mkdir(exist_ok=True)
    index = CACHE_DIR / "index.json"
    index.write_text(json.dumps(cache, indent=2, sort_keys=True))
    os.chmod(index, 0o600)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--orders", default="orders.csv")
    ap.add_argument("--period", required=True, help="e.g. 2024-05")
    ap.add_argument("--vat-rate", default="19")
    ap.add_argument("--prefix", default="INV")
    ap.add_argument("--clean-cache", action="store_true",
                    help="drop the local render cache before running")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.clean_cache and CACHE_DIR.exists():
        LOG.info("removing %s", CACHE_DIR)
        shutil.rmtree(CACHE_DIR)

    orders = Path(args.orders)
    if not orders.is_file():
        LOG.error("order export %s not found", orders)
        return 2

    out_dir = Path("invoices") / args.period
    out_dir.mkdir(parents=True, exist_ok=True)
    cache = load_cache()
    written = skipped = 0
    totals = defaultdict(Decimal)

    for seq, (cid, inv) in enumerate(sorted(load_orders(orders).items()), start=1):
        number = f"{args.prefix}-{args.period.replace('-', '')}-{seq:05d}"
        doc = render(inv, number, args.period, Decimal(args.vat_rate))
        key = cache_key(doc)
        target = out_dir / f"{number}_{cid}.html"
        if cache.get(str(target)) == key and target.exists():
            skipped += 1
            continue
        target.write_text(doc, encoding="utf-8")
        os.chmod(target, 0o600)
        cache[str(target)] = key
        totals[inv.currency] += inv.net()
        written += 1
        LOG.debug("wrote %s", target)

    save_cache(cache)
    LOG.info("invoices written=%d unchanged=%d", written, skipped)
    for cur, amount in sorted(totals.items()):
        LOG.info("net billed %s %s", amount, cur)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
