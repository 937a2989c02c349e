#!/usr/bin/env python3
"""Build and serve a preview of the printed spring catalogue.

Turns catalogue.csv into a set of simple HTML pages (one per category) and
serves the folder so the owner can look at it from the tablet on the shop
floor before it goes to the printer.
"""
import argparse
import csv
import html
import http.server
import logging
import os
import pathlib
import socketserver
from collections import defaultdict
from functools import partial

LOG = logging.getLogger("catalog_preview")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif}} td{{padding:4px 10px}}</style></head>
<body><h1>{title}</h1><table>
<tr><th>SKU</th><th>Item</th><th>Price</th></tr>
{rows}
</table><p><a href="index.html">all categories</a></p></body></html>
"""


def read_catalog(path):
    by_cat = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            by_cat[row.get("category", "misc").strip() or "misc"].append(row)
    return by_cat


def slug(name):
    return "".join(c if c.isalnum() else "_" for c in name.lower())


def build(catalog, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    links = []
    for cat, items in sorted(catalog.items()):
        rows = "\n".join(
            f"<tr><td>{html.escape(i['sku'])}</td><td>{html.escape(i['name'])}</td>"
            f"<td>&pound;{float(i.get('price', 0)):.2f}</td></tr>"
            for i in sorted(items, key=lambda r: r["name"]))
        fname = f"{slug(cat)}.html"
        (out_dir / fname).write_text(PAGE.format(title=html.escape(cat.title()), rows=rows))
        links.append(f'<li><a href="{fname}">{html.escape(cat.title())}</a> ({len(items)})</li>')
    index = ("<!doctype html><html><body><h1>Spring catalogue preview</h1><ul>"
             + "".join(links) + "</ul></body></html>")
    (out_dir / "index.html").write_text(index)
    LOG.info("built %d category pages in %s", len(links), out_dir)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def serve(directory, bind, port):
    handler = partial(QuietHandler, directory=str(directory))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer((bind, port), handler) as httpd:
        LOG.info("preview on http://%s:%d/ (Ctrl-C to stop)", bind, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopping")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("catalog", nargs="?", default="catalogue.csv")
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("catalog_preview"))
    ap.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8080")))
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    build(read_catalog(args.catalog), args.out)
    if not args.no_serve:
        serve(args.out, args.bind, args.port)


if __name__ == "__main__":
    main()
