#!/usr/bin/env python3
"""Plan stock for the craft fair season and render a printable pick sheet.

Reads last season's sales per fair and the current stock, works out how
many of each hat, fascinator and knife to bring to each fair, writes the
plan as Markdown and renders it to PDF with the local pandoc install.
"""
import argparse
import csv
import logging
import math
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("fairplan")

SAFETY = 1.25


class Renderer:
    pandoc = os.environ.get("PANDOC", "pandoc")
    engine = os.environ.get("PDF_ENGINE", "xelatex")

    def render(self, md_path, pdf_path):
        cmd = [self.pandoc, md_path.name, "-o", pdf_path.name,
               f"--pdf-engine={self.engine}", "-V", "geometry:margin=1.5cm"]
        proc = subprocess.run(cmd, cwd=md_path.parent.resolve(), capture_output=True,
                              text=True, timeout=300)
        if proc.returncode != 0:
            raise RuntimeError(f"render failed with status {proc.returncode}: {proc.stderr[-300:]}")


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def plan(sales, stock, fairs):
    sold = defaultdict(lambda: defaultdict(int))
    for row in sales:
        sold[row["fair"]][row["sku"]] += int(row["qty"])
    available = {r["sku"]: int(r["qty"]) for r in stock}
    names = {r["sku"]: r["item"] for r in stock}
    out = {}
    for fair in fairs:
        wanted = {}
        for sku, qty in sold.get(fair, {}).items():
            need = math.ceil(qty * SAFETY)
            wanted[sku] = min(need, available.get(sku, 0))
        out[fair] = wanted
    return out, names, available


def write_markdown(result, names, available, path):
    lines = [f"# Fair stock plan\n\n_Generated {time.strftime('%d %B %Y')}_\n"]
    for fair, items in result.items():
        lines.append(f"\n## {fair}\n\n| SKU | Item | Bring | In stock |\n|---|---|---:|---:|")
        for sku, qty in sorted(items.items()):
            lines.append(f"| {sku} | {names.get(sku, '?')} | {qty} | {available.get(sku, 0)} |")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description="craft fair stock planner")
    ap.add_argument("--sales", type=Path, default=Path("sales_last_season.csv"))
    ap.add_argument("--stock", type=Path, default=Path("stock.csv"))
    ap.add_argument("--fair", action="append", required=True, help="fair name (repeatable)")
    ap.add_argument("--out", type=Path, default=Path("fair_plan.md"))
    ap.add_argument("--no-pdf", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        result, names, available = plan(read_csv(args.sales), read_csv(args.stock), args.fair)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot build plan: %s", exc)
        return 1
    write_markdown(result, names, available, args.out)
    log.info("plan written to %s", args.out)

    if not args.no_pdf:
        pdf = args.out.with_suffix(".pdf")
        try:
            Renderer().render(args.out, pdf)
            log.info("pick sheet rendered to %s", pdf)
        except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("PDF render failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
