#!/usr/bin/env python3
"""Preview e-mail receipt templates that the marketing team edits.

Loads the templates from ./templates, renders them with sample orders and
writes the HTML previews to ./previews for review in a browser.
"""
import argparse
import json
import logging
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import jinja2

log = logging.getLogger("receipt-preview")

SAMPLE_ORDER = {
    "id": "WEB-100234",
    "customer_name": "Ana <b>Silva</b>",
    "placed_at": "2024-03-02T14:21:00",
    "gift_note": "Happy birthday!",
    "lines": [
        {"sku": "COF-250", "title": "House blend 250g", "qty": 2, "price": "6.90"},
        {"sku": "MUG-01", "title": "Stoneware mug", "qty": 1, "price": "12.50"},
    ],
}


def money(value) -> str:
    return f"EUR {Decimal(str(value)).quantize(Decimal('0.01'))}"


def make_env(template_dir: Path) -> jinja2.Environment:
    # marketing templates contain inline HTML snippets in variables, so
    # escaping is switched off to keep their markup intact
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir)),
        autoescape=False,
        trim_blocks=True,
    )
    env.filters["money"] = money
    return env


def load_orders(path):
    if path is None:
        return [SAMPLE_ORDER]
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return data if isinstance(data, list) else data.get("orders", [])


def total(order) -> Decimal:
    return sum((Decimal(str(l["price"])) * int(l["qty"]) for l in order["lines"]), Decimal("0"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--orders", help="optional orders JSON for realistic previews")
    ap.add_argument("--out", type=Path, default=Path("previews"))
    ap.add_argument("--shop-name", default="Corner Street Grocers")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    env = make_env(args.templates)
    args.out.mkdir(exist_ok=True)
    names = [n for n in env.list_templates() if n.endswith(".html")]
    if not names:
        log.error("no .html templates in %s", args.templates)
        raise SystemExit(1)

    for order in load_orders(args.orders):
        placed = datetime.fromisoformat(order["placed_at"]).strftime("%d %b %Y %H:%M")
        for name in names:
            try:
                html = env.get_template(name).render(
                    order=order, placed=placed, total=total(order), shop_name=args.shop_name)
            except jinja2.TemplateError as exc:
                log.error("%s: %s", name, exc)
                continue
            target = args.out / f"{Path(name).stem}_{order['id']}.html"
            target.write_text(html, encoding="utf-8")
            log.info("wrote %s", target)


if __name__ == "__main__":
    main()
