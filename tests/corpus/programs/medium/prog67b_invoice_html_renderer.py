#!/usr/bin/env python3
"""Render customer invoices as standalone HTML files from the order export.

Input is the newline-delimited JSON produced by the nightly order export.
Each order is rendered with the Jinja2 templates in ./templates/invoice/
(letterhead, line items, tax summary) into ./invoices/<year>/<number>.html,
ready for the PDF step and for the "download invoice" link in the customer
account area.  Store details (legal name, VAT id, bank) come from store.toml.
"""
import argparse
import json
import logging
import sys
import tomllib
from collections import defaultdict
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Iterable, Iterator

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

log = logging.getLogger("invoices")

CENT = Decimal("0.01")


def money(value) -> str:
    return str(Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP))


def read_orders(path: Path) -> Iterator[dict]:
    with path.open() as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                log.warning("%s:%d skipped: %s", path, lineno, exc)


class InvoiceRenderer:
    template_name = "invoice.html.j2"

    def __init__(self, template_dir: str, store: dict):
        self.store = store
        self.env = Environment(
            loader=FileSystemLoader(template_dir),
            autoescape=select_autoescape(enabled_extensions=("xml",), default=False),
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["money"] = money
        self.env.filters["date"] = lambda s: datetime.fromisoformat(s).strftime("%d %b %Y")
        self.template = self.env.get_template(self.template_name)

    @staticmethod
    def tax_summary(lines: Iterable[dict]) -> list:
        buckets = defaultdict(lambda: [Decimal(0), Decimal(0)])
        for ln in lines:
            rate = Decimal(str(ln.get("tax_rate", "0")))
            net = Decimal(str(ln["unit_price"])) * ln["qty"]
            buckets[rate][0] += net
            buckets[rate][1] += (net * rate).quantize(CENT, rounding=ROUND_HALF_UP)
        return [{"rate": r, "net": n, "tax": t} for r, (n, t) in sorted(buckets.items())]

    def render(self, order: dict) -> str:
        lines = order["lines"]
        summary = self.tax_summary(lines)
        net = sum((row["net"] for row in summary), Decimal(0))
        tax = sum((row["tax"] for row in summary), Decimal(0))
        return self.template.render(
            store=self.store,
            order=order,
            customer=order["billing_address"],
            note=order.get("customer_note", ""),
            lines=lines,
            tax_rows=summary,
            total_net=net,
            total_tax=tax,
            total_gross=net + tax,
        )


def output_path(root: Path, order: dict) -> Path:
    year = order["created_at"][:4]
    return root / year / f"{order['invoice_number']}.html"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("orders", type=Path, help="orders.ndjson from the export job")
    ap.add_argument("--templates", default="templates/invoice")
    ap.add_argument("--store", type=Path, default=Path("store.toml"))
    ap.add_argument("--out", type=Path, default=Path("invoices"))
    ap.add_argument("--overwrite", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        store = tomllib.loads(args.store.read_text())["store"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot load store details from %s: %s", args.store, exc)
        return 2

    renderer = InvoiceRenderer(args.templates, store)
    written = skipped = failed = 0
    for order in read_orders(args.orders):
        if not order.get("invoice_number"):
            skipped += 1
            continue
        dest = output_path(args.out, order)
        if dest.exists() and not args.overwrite:
            skipped += 1
            continue
        try:
            html = renderer.render(order)
        except Exception as exc:  # template errors should not stop the batch
            log.error("order %s failed: %s", order.get("number"), exc)
            failed += 1
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(html, encoding="utf-8")
        written += 1
    log.info("invoices written=%d skipped=%d failed=%d", written, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
