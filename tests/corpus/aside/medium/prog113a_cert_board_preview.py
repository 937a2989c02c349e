#!/usr/bin/env python3
"""Build and preview the inspection certificate board.

Builds a static HTML board of every item on hire (cranes, hoists, lifting
accessories, scaffold towers) with its last thorough examination, next due
date and a link to the certificate PDF, coloured by how close it is to
expiry, then serves it so the hire desk can check it from their own PCs
before it is published.
"""

import argparse
import csv
import functools
import html
import logging
import shutil
import sys
from datetime import date, datetime
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("certboard")

REGISTER = Path("certificates.csv")
PDF_DIR = Path("pdf")
BUILD_DIR = Path("build/certboard")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<title>Inspection certificates</title>
<style>body{{font-family:sans-serif}}td,th{{padding:4px 8px}}
.ok{{background:#d8f5d0}}.soon{{background:#fff1b8}}.over{{background:#f8c8c8}}</style>
</head><body><h1>Inspection certificates</h1><p>Generated {generated}</p>
<table><tr><th>Item</th><th>Type</th><th>SWL</th><th>Examined</th><th>Next due</th>
<th>Certificate</th></tr>
{rows}
</table></body></html>
"""


def read_register(path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            row["next_due"] = date.fromisoformat(row["next_due"])
            yield row


def css_class(due, warn_days):
    left = (due - date.today()).days
    if left < 0:
        return "over"
    return "soon" if left <= warn_days else "ok"


def build(warn_days):
    if BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
    (BUILD_DIR / "pdf").mkdir(parents=True)
    rows = []
    for item in sorted(read_register(REGISTER), key=lambda r: r["next_due"]):
        pdf = PDF_DIR / f"{item['cert_no']}.pdf"
        link = "-"
        if pdf.exists():
            shutil.copy2(pdf, BUILD_DIR / "pdf" / pdf.name)
            link = f'<a href="pdf/{html.escape(pdf.name)}">{html.escape(item["cert_no"])}</a>'
        rows.append(
            f'<tr class="{css_class(item["next_due"], warn_days)}">'
            f"<td>{html.escape(item['item_id'])}</td><td>{html.escape(item['type'])}</td>"
            f"<td>{html.escape(item['swl'])}</td><td>{html.escape(item['examined'])}</td>"
            f"<td>{item['next_due'].isoformat()}</td><td>{link}</td></tr>")
    page = PAGE.format(generated=datetime.now().strftime("%d/%m/%Y %H:%M"),
                       rows="\n".join(rows))
    (BUILD_DIR / "index.html").write_text(page, encoding="utf-8")
    log.info("built board with %d items", len(rows))
    return len(rows)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def serve(host, port):
    handler = functools.partial(QuietHandler, directory=str(BUILD_DIR))
    with ThreadingHTTPServer((host, port), handler) as httpd:
        log.info("preview on http://%s:%d/ (Ctrl-C to stop)", host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("preview stopped")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--warn-days", type=int, default=30)
    ap.add_argument("--host", default="0.0.0.0", help="address the desk PCs can reach")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--build-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        build(args.warn_days)
    except (OSError, KeyError, ValueError) as exc:
        log.error("build failed: %s", exc)
        return 1
    if not args.build_only:
        serve(args.host, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
