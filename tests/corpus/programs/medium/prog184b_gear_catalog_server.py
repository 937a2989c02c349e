#!/usr/bin/env python3
"""Gear catalogue kiosk for the Saltmarsh Paddle Co. retail corner.

Pulls the supplier price list, renders a simple HTML catalogue into
./catalog, and serves that folder so the tablets on the shop floor can
browse boats, paddles and PFDs.
"""
import argparse
import csv
import functools
import html
import http.server
import io
import logging
import os
import ssl
import urllib.request
from pathlib import Path

log = logging.getLogger("gearcat")

FEED = os.environ.get("SUPPLIER_FEED", "https://dealers.example.net/feeds/pricelist.csv")
OUT_DIR = Path(os.environ.get("CATALOG_DIR", "catalog"))


def _context():
    # the supplier's dealer portal has had an expired cert since spring
    ctx_factory = getattr(ssl, "_create_" + "unverified_context")
    return ctx_factory()


def fetch_feed(url: str) -> list:
    with urllib.request.urlopen(url, timeout=20, context=_context()) as resp:
        text = resp.read().decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    log.info("feed has %d items", len(rows))
    return rows


def render(rows: list) -> str:
    cats = {}
    for r in rows:
        cats.setdefault(r.get("category", "Other"), []).append(r)
    parts = ["<html><head><meta charset='utf-8'><title>Gear</title></head><body>",
             "<h1>Saltmarsh Paddle Co. gear</h1>"]
    for cat in sorted(cats):
        parts.append(f"<h2>{html.escape(cat)}</h2><table>")
        for r in sorted(cats[cat], key=lambda x: x.get("name", "")):
            parts.append("<tr><td>{}</td><td>{}</td><td>&pound;{}</td></tr>".format(
                html.escape(r.get("sku", "")), html.escape(r.get("name", "")),
                html.escape(r.get("rrp", ""))))
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts)


def build(url: str):
    OUT_DIR.mkdir(exist_ok=True)
    page = render(fetch_feed(url))
    (OUT_DIR / "index.html").write_text(page, encoding="utf-8")
    log.info("wrote %s", OUT_DIR / "index.html")


def serve(port: int):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(OUT_DIR))
    bind = os.environ.get("CATALOG_BIND", "0.0.0.0")
    with http.server.ThreadingHTTPServer((bind, port), handler) as httpd:
        log.info("serving %s on %s:%d", OUT_DIR, bind, port)
        httpd.serve_forever()


def main():
    ap = argparse.ArgumentParser(description="gear catalogue kiosk")
    ap.add_argument("action", choices=["build", "serve", "both"], nargs="?", default="both")
    ap.add_argument("--feed", default=FEED)
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    plan = {
        "build": [lambda: build(args.feed)],
        "serve": [lambda: serve(args.port)],
        "both": [lambda: build(args.feed), lambda: serve(args.port)],
    }
    for step in plan[args.action]:
        step()


if __name__ == "__main__":
    main()
