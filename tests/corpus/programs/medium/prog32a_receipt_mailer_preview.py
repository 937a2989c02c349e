#!/usr/bin/env python3
"""Build HTML e-mail receipts for shop orders and write previews to disk.

Orders come from the storefront's nightly export (orders.jsonl). Customer
supplied fields (gift message, delivery notes) are shown in the receipt.
"""
import argparse
import json
import logging
import sys
from datetime import datetime
from pathlib import Path

import jinja2

log = logging.getLogger("receipts")

RECEIPT_TEMPLATE = """
<html><body style="font-family:sans-serif">
<h2>Thanks for your order, {{ order.customer.first_name }}!</h2>
<p>Order <b>#{{ order.id }}</b> placed {{ order.placed_at | datefmt }}</p>
<table cellpadding="4">
{% for item in order.line_items %}
  <tr><td>{{ item.title }}</td><td>x{{ item.quantity }}</td>
      <td align="right">{{ item.price | money(order.currency) }}</td></tr>
{% endfor %}
  <tr><td colspan="2">Shipping</td><td align="right">{{ order.shipping | money(order.currency) }}</td></tr>
  <tr><td colspan="2"><b>Total</b></td><td align="right"><b>{{ order.total | money(order.currency) }}</b></td></tr>
</table>
{% if order.gift_message %}<blockquote>{{ order.gift_message }}</blockquote>{% endif %}
{% if order.delivery_notes %}<p>Delivery notes: {{ order.delivery_notes }}</p>{% endif %}
<p>{{ shop.footer_html }}</p>
</body></html>
"""

SYMBOLS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}


def money(value, currency="USD"):
    symbol = SYMBOLS.get(currency, currency + " ")
    return f"{symbol}{float(value):,.2f}"


def datefmt(value):
    try:
        return datetime.fromisoformat(value).strftime("%d %b %Y %H:%M")
    except (TypeError, ValueError):
        return str(value)


class ReceiptRenderer:
    def __init__(self, shop_config: dict):
        # footer_html from the shop config carries markup, so escaping is
        # switched off for the whole template.
        self.env = jinja2.Environment(
            loader=jinja2.DictLoader({"receipt.html": RECEIPT_TEMPLATE}),
            autoescape=False,
        )
        self.env.filters["money"] = money
        self.env.filters["datefmt"] = datefmt
        self.shop = shop_config
        self.template = self.env.get_template("receipt.html")

    def render(self, order: dict) -> str:
        return self.template.render(order=order, shop=self.shop)


def iter_orders(path: Path):
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                log.warning("line %d: %s", lineno, exc)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("orders", type=Path, help="orders.jsonl export")
    parser.add_argument("--shop-config", type=Path, default=Path("shop.json"))
    parser.add_argument("--out", type=Path, default=Path("receipts_preview"))
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.shop_config.exists():
        shop = json.loads(args.shop_config.read_text())
    else:
        shop = {"footer_html": "<small>Questions? Reply to this e-mail.</small>"}

    renderer = ReceiptRenderer(shop)
    args.out.mkdir(exist_ok=True)
    written = 0
    for order in iter_orders(args.orders):
        if order.get("financial_status") not in ("paid", "partially_refunded"):
            continue
        try:
            html = renderer.render(order)
        except jinja2.TemplateError as exc:
            log.error("order %s: %s", order.get("id"), exc)
            continue
        (args.out / f"receipt_{order['id']}.html").write_text(html, encoding="utf-8")
        written += 1
        if args.limit and written >= args.limit:
            break
    log.info("wrote %d receipt previews to %s", written, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
