#!/usr/bin/env python3
"""Render customer invoices from the nightly order export.

Reads orders.csv from the working directory, renders one HTML invoice per
order with Jinja2 and writes them to ./invoices.  Rendered output is cached
by content hash so unchanged invoices are not rewritten.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("invoice_render")

VAT_RATES = {"DE": Decimal("0.19"), "FR": Decimal("0.20"), "NL": Decimal("0.21"), "AT": Decimal("0.20")}
CENT = Decimal("0.01")


class InvoiceBatch:
    def __init__(self, template_dir: Path, out_dir: Path, cache_file: Path):
        self.env = Environment(
            loader=FileSystemLoader(str(template_dir)),
            autoescape=select_autoescape(["html", "xml"]),
        )
        self.out_dir = out_dir
        self.cache_file = cache_file
        self.cache = self._load_cache()

    def _load_cache(self) -> dict:
        if self.cache_file.exists():
            try:
                return json.loads(self.cache_file.read_text(encoding="utf-8"))
            except ValueError:
                log.warning("cache file unreadable, starting fresh")
        return {}

    def save_cache(self) -> None:
        self.cache_file.write_text(json.dumps(self.cache, indent=2), encoding="utf-8")
        os.chmod(self.cache_file, 0o600)

    @staticmethod
    def totals(row: dict) -> dict:
        net = (Decimal(row["unit_price"]) * int(row["quantity"])).quantize(CENT, ROUND_HALF_UP)
        rate = VAT_RATES.get(row.get("country", "DE"), Decimal("0.19"))
        vat = (net * rate).quantize(CENT, ROUND_HALF_UP)
        return {"net": net, "vat": vat, "gross": net + vat, "rate": rate}

    def render(self, row: dict) -> bool:
        template = self.env.get_template("invoice.html.j2")
        html = template.render(order=row, totals=self.totals(row))
        key = hashlib.md5(html.encode("utf-8")).hexdigest()
        order_id = row["order_id"]
        if self.cache.get(order_id) == key:
            log.debug("invoice %s unchanged", order_id)
            return False
        target = self.out_dir / f"INV-{order_id}.html"
        target.write_text(html, encoding="utf-8")
        os.chmod(target, 0o600)
        self.cache[order_id] = key
        return True


def read_orders(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") in ("paid", "shipped"):
                yield row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--orders", default="orders.csv", type=Path)
    parser.add_argument("--templates", default="templates", type=Path)
    parser.add_argument("--out", default="invoices", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    args.out.mkdir(exist_ok=True)
    batch = InvoiceBatch(args.templates, args.out, Path(".invoice_cache.json"))
    written = skipped = 0
    try:
        for row in read_orders(args.orders):
            try:
                if batch.render(row):
                    written += 1
                else:
                    skipped += 1
            except (KeyError, ArithmeticError) as exc:
                log.error("order %s skipped: %s", row.get("order_id", "?"), exc)
    except FileNotFoundError:
        log.error("orders file %s not found", args.orders)
        return 1
    finally:
        batch.save_cache()
    log.info("rendered %d invoices, %d unchanged", written, skipped)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
