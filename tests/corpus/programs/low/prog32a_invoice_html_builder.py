#!/usr/bin/env python3
"""Render customer invoices to HTML from order JSON exports.

Reads ./orders/*.json, renders ./templates/invoice.html.j2 and writes
./out/invoices/INV-<number>.html. Rendered output is cached by an MD5 of the
order payload so unchanged invoices are not rewritten.
"""
import argparse
import hashlib
import json
import logging
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

log = logging.getLogger("invoices")
CENT = Decimal("0.01")

DEFAULT_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Invoice {{ inv.number }}</title></head>
<body>
<h1>Invoice {{ inv.number }}</h1>
<p>{{ inv.customer_name }}<br>{{ inv.customer_address }}</p>
<table>
<tr><th>Item</th><th>Qty</th><th>Unit</th><th>Total</th></tr>
{% for line in inv.lines %}
<tr><td>{{ line.description }}</td><td>{{ line.qty }}</td>
<td>{{ line.unit_price }}</td><td>{{ line.total }}</td></tr>
{% endfor %}
</table>
<p>Subtotal: {{ inv.subtotal }} {{ inv.currency }}</p>
<p>VAT ({{ inv.vat_rate }}%): {{ inv.vat }} {{ inv.currency }}</p>
<p><strong>Total: {{ inv.total }} {{ inv.currency }}</strong></p>
<p>{{ inv.notes }}</p>
</body></html>
"""


@dataclass
class Line:
    description: str
    qty: int
    unit_price: Decimal

    @property
    def total(self) -> Decimal:
        return (self.unit_price * self.qty).quantize(CENT, ROUND_HALF_UP)


@dataclass
class Invoice:
    number: str
    customer_name: str
    customer_address: str
    currency: str
    vat_rate: Decimal
    notes: str = ""
    lines: list = field(default_factory=list)

    @property
    def subtotal(self) -> Decimal:
        return sum((l.total for l in self.lines), Decimal("0"))

    @property
    def vat(self) -> Decimal:
        return (self.subtotal * self.vat_rate / 100).quantize(CENT, ROUND_HALF_UP)

    @property
    def total(self) -> Decimal:
        return self.subtotal + self.vat


def load_invoice(path: Path) -> Invoice:
    data = json.loads(path.read_text(encoding="utf-8"))
    inv = Invoice(
        number=data["invoice_number"],
        customer_name=data["customer"]["name"],
        customer_address=data["customer"].get("address", ""),
        currency=data.get("currency", "EUR"),
        vat_rate=Decimal(str(data.get("vat_rate", 21))),
        notes=data.get("notes", ""),
    )
    for item in data["items"]:
        inv.lines.append(Line(item["description"], int(item["qty"]), Decimal(str(item["unit_price"]))))
    return inv


def make_env(template_dir: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(template_dir)),
        autoescape=select_autoescape(["html", "htm", "xml", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env


def cache_key(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--orders", type=Path, default=Path("orders"))
    parser.add_argument("--templates", type=Path, default=Path("templates"))
    parser.add_argument("--out", type=Path, default=Path("out/invoices"))
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    args.templates.mkdir(parents=True, exist_ok=True)
    tpl_file = args.templates / "invoice.html.j2"
    if not tpl_file.exists():
        tpl_file.write_text(DEFAULT_TEMPLATE, encoding="utf-8")
    template = make_env(args.templates).get_template(tpl_file.name)

    args.out.mkdir(parents=True, exist_ok=True)
    cache_file = args.out / ".render-cache.json"
    cache = json.loads(cache_file.read_text()) if cache_file.exists() else {}

    rendered = skipped = 0
    for order in sorted(args.orders.glob("*.json")):
        key = cache_key(order)
        if not args.force and cache.get(order.name) == key:
            skipped += 1
            continue
        try:
            inv = load_invoice(order)
        except (KeyError, ValueError) as exc:
            log.error("skipping %s: %s", order.name, exc)
            continue
        target = args.out / f"INV-{inv.number}.html"
        target.write_text(template.render(inv=inv), encoding="utf-8")
        cache[order.name] = key
        rendered += 1

    cache_file.write_text(json.dumps(cache, indent=2))
    log.info("rendered %d invoices, %d unchanged", rendered, skipped)


if __name__ == "__main__":
    main()
