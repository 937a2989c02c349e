#!/usr/bin/env python3
"""Spool allergen labels for packed bakery lines to the Zebra CUPS queue.

Each product in products.json lists its ingredients; allergens (the 14 UK/EU
declarable ones) are matched against the ingredient names and rendered in
bold on a 58x40 mm ZPL label together with the use-by date and batch code.

    allergen_label_spool.py SOURDOUGH-800 --count 24 --batch B2311
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("labels")

ALLERGENS = {
    "celery": ["celery", "celeriac"],
    "cereals containing gluten": ["wheat", "rye", "barley", "oats", "spelt"],
    "crustaceans": ["prawn", "crab", "lobster"],
    "eggs": ["egg", "albumen"],
    "fish": ["anchovy", "fish"],
    "lupin": ["lupin"],
    "milk": ["milk", "butter", "cream", "whey", "cheese", "yoghurt"],
    "molluscs": ["mussel", "squid"],
    "mustard": ["mustard"],
    "nuts": ["almond", "hazelnut", "walnut", "pecan", "pistachio", "cashew"],
    "peanuts": ["peanut", "groundnut"],
    "sesame": ["sesame", "tahini"],
    "soya": ["soya", "soy"],
    "sulphites": ["sulphite", "sulphur dioxide", "metabisulphite"],
}


class ZebraPrinter:
    queue = os.environ.get("LABEL_PRINTER_QUEUE", "zebra-pack")

    def __init__(self, queue=None):
        if queue:
            self.queue = queue

    def send(self, zpl):
        job = Path("label-job.zpl")
        job.write_text(zpl, encoding="latin-1", errors="replace")
        try:
            result = subprocess.run(
                ["lp", "-d", self.queue, "-o", "raw", str(job)],
                capture_output=True, text=True, timeout=30,
            )
        finally:
            job.unlink(missing_ok=True)
        if result.returncode != 0:
            raise OSError(result.stderr.strip() or "lp failed")
        log.debug("lp: %s", result.stdout.strip())


def find_allergens(ingredients):
    found = set()
    for ing in ingredients:
        low = ing.lower()
        for allergen, words in ALLERGENS.items():
            if any(w in low for w in words):
                found.add(allergen)
    return sorted(found)


def ingredient_line(ingredients, allergens):
    words = {w for a in allergens for w in ALLERGENS[a]}
    out = []
    for ing in ingredients:
        if any(w in ing.lower() for w in words):
            out.append(ing.upper())
        else:
            out.append(ing)
    return ", ".join(out)


def render_label(product, batch, shelf_days):
    use_by = (date.today() + timedelta(days=shelf_days)).strftime("%d %b %Y")
    allergens = find_allergens(product["ingredients"])
    text = ingredient_line(product["ingredients"], allergens)
    return "\n".join([
        "^XA^CI28^PW464^LL320",
        f"^FO20,15^A0N,34,34^FD{product['name']}^FS",
        f"^FO20,60^FB424,6,2,L^A0N,18,18^FDIngredients: {text}^FS",
        f"^FO20,210^A0N,20,20^FDAllergens in CAPITALS. Made in a kitchen that handles nuts.^FS",
        f"^FO20,250^A0N,24,24^FDUse by {use_by}^FS",
        f"^FO280,250^A0N,24,24^FDBatch {batch}^FS",
        "^XZ",
    ])


def load_products(path):
    with open(path) as fh:
        data = json.load(fh)
    return {p["sku"]: p for p in data["products"]}


def main():
    ap = argparse.ArgumentParser(description="allergen label printing")
    ap.add_argument("sku")
    ap.add_argument("--products", default="products.json")
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--batch", required=True)
    ap.add_argument("--queue", help="CUPS queue name")
    ap.add_argument("--preview", action="store_true", help="write ZPL to stdout instead")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        products = load_products(args.products)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.products, exc)
        return 1
    product = products.get(args.sku)
    if product is None:
        log.error("unknown SKU %s", args.sku)
        return 1

    zpl = render_label(product, args.batch, product.get("shelf_days", 3))
    if args.preview:
        sys.stdout.write(zpl * args.count)
        return 0
    printer = ZebraPrinter(args.queue)
    try:
        printer.send(zpl * args.count)
    except OSError as exc:
        log.error("printing failed: %s", exc)
        return 1
    log.info("sent %d labels for %s", args.count, product["name"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
