#!/usr/bin/env python3
"""Render e-mail receipts (HTML) for web-shop orders from the order JSON dump."""
import argparse
import json
import logging
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from jinja2 import Environment, DictLoader, select_autoescape

log = logging.getLogger("receipts")

TEMPLATES = {
    "receipt.html": """<!doctype html>
<html><body>
<h2>Thanks for shopping at {{ shop_name }}, {{ order.customer_name }}!</h2>
<p>Order {{ order.id }} placed {{ placed }}</p>
<table>
{% for line in order.lines %}
  <tr><td>{{ line.sku }}</td><td>{{ line.title }}</td>
      <td>{{ line.qty }}</td><td>{{ line.price|money }}</td></tr>
{% endfor %}
</table>
<p>Gift note: {{ order.gift_note }}</p>
<p><b>Total: {{ total|money }}</b></p>
</body></html>
""",
}


def money(value) -> str:
    return f"EUR {Decimal(str(value)).quantize(Decimal('0.01'))}"


def build_env() -> Environment:
    env = Environment(
        loader=DictLoader(TEMPLATES),
        autoescape=select_autoescape(enabled_extensions=("html", "xml"), default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["money"] = money
    return env


def order_total(order: dict) -> Decimal:
    return sum((Decimal(str(l["price"])) * int(l["qty"]) for l in order.get("lines", [])), Decimal("0"))


def render_all(orders, env, out_dir: Path, shop_name: str) -> int:
    tmpl = env.get_template("receipt.html")
    out_dir.mkdir(parents=True, exist_ok=True)
    count = 0
    for order in orders:
        try:
            placed = datetime.fromisoformat(order["placed_at"]).strftime("%d %b %Y %H:%M")
        except (KeyError, ValueError):
            placed = "unknown"
        html = tmpl.render(order=order, placed=placed, total=order_total(order), shop_name=shop_name)
        target = out_dir / f"receipt_{order['id']}.html"
        target.write_text(html, encoding="utf-8")
        count += 1
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("orders", type=Path, help="orders JSON export (list of orders)")
    ap.add_argument("--out", type=Path, default=Path("receipts"))
    ap.add_argument("--shop-name", default="Corner Street Grocers")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    with args.orders.open(encoding="utf-8") as fh:
        orders = json.load(fh)
    if isinstance(orders, dict):
        orders = orders.get("orders", [])
    n = render_all(orders, build_env(), args.out, args.shop_name)
    log.info("rendered %d receipts into %s", n, args.out)


if __name__ == "__main__":
    main()
