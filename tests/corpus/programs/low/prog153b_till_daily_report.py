#!/usr/bin/env python3
"""Cafe till end-of-day report.

Totals the day's till export (card, cash, refunds, best sellers), renders a
small HTML report, and uploads it with the PDF Z-read attached to the
bookkeeping service. Scratch files go in ./.report_build and are cleaned up
at the end.
"""
import argparse
import base64
import csv
import datetime as dt
import html
import json
import logging
import os
import shutil
import urllib.request
from collections import Counter

LOG = logging.getLogger("till_report")

BUILD_DIR = ".report_build"
BOOKS_URL = "https://books.example.com/api/v3/daily-reports"


def machine_label():
    """Which kiosk produced the report, for the footer."""
    try:
        with open("/etc/os-release") as fh:
            info = dict(line.rstrip().split("=", 1) for line in fh if "=" in line)
        return info.get("PRETTY_NAME", "unknown").strip('"')
    except OSError:
        return "unknown"


def read_sales(path):
    totals = Counter()
    items = Counter()
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            amount = float(row["amount"])
            kind = row["tender"].lower()
            if amount < 0:
                totals["refunds"] += -amount
            else:
                totals[kind] += amount
                items[row["item"]] += int(row.get("qty", 1))
    return totals, items


def render(day, totals, items):
    rows = "".join("<tr><td>%s</td><td>%d</td></tr>" % (html.escape(i), q)
                   for i, q in items.most_common(10))
    return (
        "<html><body><h1>Lake Cafe - %s</h1>"
        "<p>Card: &pound;%.2f<br>Cash: &pound;%.2f<br>Refunds: &pound;%.2f</p>"
        "<table>%s</table><footer>%s</footer></body></html>"
        % (day, totals["card"], totals["cash"], totals["refunds"], rows,
           html.escape(machine_label()))
    )


def attach(path):
    # the bookkeeping API takes attachments inline as base64
    with open(path, "rb") as fh:
        return {"name": os.path.basename(path),
                "content_b64": base64.b64encode(fh.read()).decode()}


def upload(report, api_key, timeout=20):
    req = urllib.request.Request(
        BOOKS_URL, data=json.dumps(report).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": "Token " + api_key})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="till CSV export for the day")
    ap.add_argument("--zread", help="PDF Z-read from the till")
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--keep-build", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(BUILD_DIR, exist_ok=True)
    totals, items = read_sales(args.export)
    page = render(args.date, totals, items)
    html_path = os.path.join(BUILD_DIR, "report-%s.html" % args.date)
    with open(html_path, "w") as fh:
        fh.write(page)
    LOG.info("report written to %s", html_path)

    report = {"date": args.date, "totals": dict(totals),
              "attachments": [attach(html_path)]}
    if args.zread and os.path.exists(args.zread):
        report["attachments"].append(attach(args.zread))

    key = os.environ.get("BOOKS_API_KEY")
    if key:
        try:
            LOG.info("uploaded (HTTP %s)", upload(report, key))
        except OSError as exc:
            LOG.error("upload failed: %s", exc)
    else:
        LOG.warning("BOOKS_API_KEY not set, skipping upload")

    if not args.keep_build:
        shutil.rmtree(BUILD_DIR, ignore_errors=True)


if __name__ == "__main__":
    main()
