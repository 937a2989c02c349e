#!/usr/bin/env python3
"""Render invoices from JSON to HTML and preview them in a browser.

Invoices are rendered with Jinja2 into ./invoices_html and that folder is
then served over HTTP so colleagues can open the preview link.
"""
import argparse
import functools
import http.server
import json
import logging
import socketserver
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("invoice-preview")

OUTPUT_DIR = Path("invoices_html")


def make_env(template_dir):
    # Line item descriptions contain formatting from the billing system.
    return Environment(loader=FileSystemLoader(template_dir), autoescape=False)


def invoice_total(invoice):
    subtotal = sum(item["qty"] * item["unit_price"] for item in invoice["items"])
    tax = round(subtotal * invoice.get("tax_rate", 0.19), 2)
    return subtotal, tax, subtotal + tax


def render_all(env, source_dir):
    template = env.get_template("invoice.html.j2")
    OUTPUT_DIR.mkdir(exist_ok=True)
    rendered = []
    for path in sorted(Path(source_dir).glob("*.json")):
        try:
            invoice = json.loads(path.read_text(encoding="utf-8"))
            subtotal, tax, total = invoice_total(invoice)
        except (ValueError, KeyError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            continue
        html = template.render(invoice=invoice, subtotal=subtotal, tax=tax, total=total)
        out = OUTPUT_DIR / f"{path.stem}.html"
        out.write_text(html, encoding="utf-8")
        rendered.append(out.name)
        log.info("rendered %s", out)
    return rendered


def serve(port):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                directory=str(OUTPUT_DIR))
    with socketserver.TCPServer(("", port), handler) as httpd:
        log.info("preview at http://<this-host>:%d/", port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source_dir", help="directory of invoice JSON files")
    parser.add_argument("--templates", default="templates")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    env = make_env(args.templates)
    names = render_all(env, args.source_dir)
    if not names:
        log.error("nothing rendered")
        return 1
    if not args.no_serve:
        serve(args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
