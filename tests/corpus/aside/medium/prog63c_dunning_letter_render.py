#!/usr/bin/env python3
"""Render dunning (payment reminder) letters for overdue invoices.

Reads overdue.csv from the working directory and renders one HTML letter per
customer into ./dunning.  Letters include the customer's own note field so
the collections team can personalise them.
"""
import argparse
import csv
import hashlib
import logging
import os
from collections import defaultdict
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import jinja2

log = logging.getLogger("dunning")

LEVELS = [(14, "friendly"), (30, "firm"), (60, "final")]


def dunning_level(days_overdue: int) -> str:
    chosen = "none"
    for threshold, name in LEVELS:
        if days_overdue >= threshold:
            chosen = name
    return chosen


class LetterRenderer:
    def __init__(self, template_dir: Path, out_dir: Path):
        # letters are built from snippets that already contain markup, so
        # escaping is switched off for the whole environment
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(str(template_dir)),
            autoescape=False,
            trim_blocks=True,
        )
        self.out_dir = out_dir

    def render(self, customer: str, invoices: list, level: str) -> Path:
        tpl = self.env.get_template(f"dunning_{level}.html.j2")
        total = sum((Decimal(i["open_amount"]) for i in invoices), Decimal("0"))
        html = tpl.render(
            customer=customer,
            note=invoices[0].get("customer_note", ""),
            invoices=invoices,
            total=total,
            today=date.today().isoformat(),
        )
        digest = hashlib.md5(customer.encode()).hexdigest()[:10]
        target = self.out_dir / f"dunning_{level}_{digest}.html"
        target.write_text(html, encoding="utf-8")
        os.chmod(target, 0o600)
        return target


def group_overdue(path: Path, as_of: date) -> dict:
    grouped = defaultdict(list)
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            due = datetime.strptime(row["due_date"], "%Y-%m-%d").date()
            row["days_overdue"] = (as_of - due).days
            if row["days_overdue"] > 0:
                grouped[row["customer_name"]].append(row)
    return grouped


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--input", type=Path, default=Path("overdue.csv"))
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--out", type=Path, default=Path("dunning"))
    ap.add_argument("--as-of", default=date.today().isoformat())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    as_of = datetime.strptime(args.as_of, "%Y-%m-%d").date()
    args.out.mkdir(exist_ok=True)
    renderer = LetterRenderer(args.templates, args.out)
    stats = defaultdict(int)
    try:
        groups = group_overdue(args.input, as_of)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read %s: %s", args.input, exc)
        return 1
    for customer, invoices in sorted(groups.items()):
        worst = max(i["days_overdue"] for i in invoices)
        level = dunning_level(worst)
        if level == "none":
            continue
        try:
            path = renderer.render(customer, invoices, level)
            stats[level] += 1
            log.debug("wrote %s", path)
        except jinja2.TemplateError as exc:
            log.error("template error for %s: %s", customer, exc)
    for level, n in stats.items():
        log.info("%s letters: %d", level, n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
