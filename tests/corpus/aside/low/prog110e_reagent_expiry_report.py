#!/usr/bin/env python3
"""Weekly reagent expiry report for the chemical stores.

Reads the stock export (stock.csv: location,sku,description,lot,qty,
expiry,dg_class), buckets lots into expired / <30 days / <90 days, and writes
an HTML report plus a CSV of lots to quarantine. Summaries are cached by a
hash of the input so re-running on the same export is a no-op.
"""
import argparse
import csv
import hashlib
import html
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path
from string import Template

log = logging.getLogger("expiry_report")

BUCKETS = (("expired", 0), ("within_30", 30), ("within_90", 90))

PAGE = Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>Expiry report $today</title>
<style>body{font-family:sans-serif}td,th{padding:2px 8px}.expired{color:#b00}</style>
</head><body><h1>Reagent expiry report - $today</h1>
<p>$summary</p>$sections</body></html>
""")


def parse_date(text):
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%Y-%m"):
        try:
            return datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    raise ValueError(f"unrecognised date {text!r}")


def iter_stock(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                row["expiry"] = parse_date(row["expiry"])
                row["qty"] = int(float(row["qty"]))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
                continue
            if row["qty"] > 0:
                yield row


def bucket_for(expiry, today):
    days = (expiry - today).days
    for name, limit in BUCKETS:
        if days < limit or (name != "expired" and days <= limit):
            return name
    return None


def cache_key(path):
    return hashlib.md5(Path(path).read_bytes()).hexdigest()


def render_section(name, rows):
    body = "".join(
        "<tr class='{cls}'><td>{loc}</td><td>{sku}</td><td>{desc}</td><td>{lot}</td>"
        "<td>{qty}</td><td>{exp}</td></tr>".format(
            cls=name, loc=html.escape(r["location"]), sku=html.escape(r["sku"]),
            desc=html.escape(r["description"]), lot=html.escape(r["lot"]),
            qty=r["qty"], exp=r["expiry"].isoformat())
        for r in sorted(rows, key=lambda r: r["expiry"]))
    title = name.replace("_", " ").capitalize()
    return (f"<h2>{title} ({len(rows)})</h2><table><tr><th>Location</th><th>SKU</th>"
            f"<th>Description</th><th>Lot</th><th>Qty</th><th>Expiry</th></tr>{body}</table>")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stock_csv")
    ap.add_argument("--out-dir", default="reports")
    ap.add_argument("--today", help="override date (YYYY-MM-DD)")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    today = parse_date(args.today) if args.today else date.today()
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    cache_file = out_dir / ".expiry_cache.json"
    key = f"{cache_key(args.stock_csv)}:{today.isoformat()}"
    cache = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    if cache.get("key") == key and not args.force:
        log.info("export unchanged since last run (%s)", cache.get("report"))
        return 0

    groups = defaultdict(list)
    for row in iter_stock(args.stock_csv):
        name = bucket_for(row["expiry"], today)
        if name:
            groups[name].append(row)

    summary = ", ".join(f"{n.replace('_', ' ')}: {len(groups[n])}" for n, _ in BUCKETS)
    report = out_dir / f"expiry_{today:%Y%m%d}.html"
    report.write_text(PAGE.substitute(
        today=today.isoformat(), summary=html.escape(summary),
        sections="".join(render_section(n, groups[n]) for n, _ in BUCKETS if groups[n])),
        encoding="utf-8")

    quarantine = out_dir / f"quarantine_{today:%Y%m%d}.csv"
    with quarantine.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["location", "sku", "lot", "qty", "expiry", "dg_class"])
        for r in groups["expired"]:
            w.writerow([r["location"], r["sku"], r["lot"], r["qty"], r["expiry"], r.get("dg_class", "")])
    os.chmod(quarantine, 0o600)

    cache_file.write_text(json.dumps({"key": key, "report": str(report)}))
    log.info("%s -> %s", summary, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
