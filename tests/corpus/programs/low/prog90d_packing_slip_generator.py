#!/usr/bin/env python3
"""Render printable packing slips from an order export.

Takes the JSON order export (from the marketplace importer) and writes one
HTML packing slip per order into ./slips, plus an index page that prints
them all in one go from the browser.  The shop logo is fetched once and
cached; slips whose order data has not changed are not re-rendered.

    ./packing_slip_generator.py orders_export.json --logo-url https://.../logo.png
"""
import argparse
import base64
import hashlib
import html
import json
import logging
import shutil
import sys
import urllib.request
from pathlib import Path
from string import Template

log = logging.getLogger("packing-slips")
OUT_DIR = Path("slips")
CACHE_DIR = Path("build/slip_cache")

SLIP = Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>Order $order_no</title>
<style>body{font-family:Georgia,serif;width:5.5in}table{width:100%;border-collapse:collapse}
td{border-bottom:1px solid #ccc;padding:3px}.note{font-style:italic;margin-top:1em}</style></head>
<body>$logo<h2>Thank you, $first_name!</h2>
<p>Order <b>$order_no</b> &middot; $placed &middot; via $channel</p>
<p>$ship_to</p>
<table><tr><th>Item</th><th>Variant</th><th>Qty</th></tr>$lines</table>
<p class="note">$gift_note</p>
<p>Questions? Reply to your order message or write to $support_email</p>
</body></html>""")


def fetch_logo(url, timeout=10):
    """Download the logo once and keep it as a data: URI in the cache."""
    if not url:
        return ""
    key = hashlib.md5(url.encode()).hexdigest()
    cached = CACHE_DIR / f"logo-{key}.txt"
    if cached.exists():
        return cached.read_text()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            mime = resp.headers.get_content_type()
            data = resp.read()
    except OSError as exc:
        log.warning("logo not fetched (%s); slips will have no logo", exc)
        return ""
    tag = f'<img src="data:{mime};base64,{base64.b64encode(data).decode()}" height="60">'
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(tag)
    return tag


def order_digest(order):
    return hashlib.md5(json.dumps(order, sort_keys=True).encode()).hexdigest()


def esc(value):
    return html.escape(str(value or ""))


def render(order, logo, support_email):
    addr = order.get("ship_to", {})
    ship_to = "<br>".join(esc(addr.get(k)) for k in ("name", "line1", "line2", "city_zip", "country")
                          if addr.get(k))
    lines = "".join(
        f"<tr><td>{esc(i.get('title'))}</td><td>{esc(i.get('variant'))}</td><td>{int(i.get('qty', 1))}</td></tr>"
        for i in order.get("items", [])
    )
    return SLIP.substitute(
        order_no=esc(order["order_no"]), placed=esc(order.get("placed", "")[:10]),
        channel=esc(order.get("channel", "")), first_name=esc((addr.get("name") or "friend").split()[0]),
        ship_to=ship_to, lines=lines, gift_note=esc(order.get("gift_message")),
        support_email=esc(support_email), logo=logo,
    )


def main():
    ap = argparse.ArgumentParser(description="Render packing slips")
    ap.add_argument("export", help="orders export (JSON list)")
    ap.add_argument("--logo-url")
    ap.add_argument("--support-email", default="hello@knotty-yarns.example")
    ap.add_argument("--clean", action="store_true", help="remove slips/ and build cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        for d in (OUT_DIR, CACHE_DIR):
            shutil.rmtree(d, ignore_errors=True)

    try:
        orders = json.loads(Path(args.export).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.export, exc)
        return 2

    OUT_DIR.mkdir(exist_ok=True)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    logo = fetch_logo(args.logo_url)
    written, skipped, names = 0, 0, []
    for order in orders:
        if order.get("status") not in ("paid", "ready"):
            continue
        name = f"slip-{order['order_no']}.html"
        names.append(name)
        stamp = CACHE_DIR / f"{order['order_no']}.md5"
        digest = order_digest(order)
        if stamp.exists() and stamp.read_text() == digest and (OUT_DIR / name).exists():
            skipped += 1
            continue
        (OUT_DIR / name).write_text(render(order, logo, args.support_email), encoding="utf-8")
        stamp.write_text(digest)
        written += 1

    index = "".join(f'<iframe src="{html.escape(n)}" style="width:100%;height:8.5in;border:0"></iframe>'
                    for n in names)
    (OUT_DIR / "index.html").write_text(f"<!doctype html><title>All slips</title>{index}")
    log.info("%d slips written, %d unchanged, open %s/index.html to print", written, skipped, OUT_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
