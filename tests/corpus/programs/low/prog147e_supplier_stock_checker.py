#!/usr/bin/env python3
"""Check supplier product pages for stock and build a reorder sheet.

For each part on the watch list, send a HEAD request to see whether the
supplier's product page is still there, then GET the stock JSON. The reorder
sheet embeds the part photo (base64) so it can be printed offline.
"""
import argparse
import base64
import json
import logging
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("stockcheck")

TIMEOUT = 8


def os_label():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "linux")


USER_AGENT = f"shop-stockcheck/0.9 ({os_label()})"


def request(url, method="GET"):
    req = urllib.request.Request(url, method=method, headers={"User-Agent": USER_AGENT})
    return urllib.request.urlopen(req, timeout=TIMEOUT)


def page_exists(url):
    try:
        with request(url, "HEAD") as resp:
            return resp.status == 200
    except urllib.error.HTTPError as exc:
        return exc.code not in (404, 410)
    except OSError as exc:
        log.warning("HEAD %s failed: %s", url, exc)
        return False


def stock_info(url):
    try:
        with request(url) as resp:
            return json.load(resp)
    except (OSError, ValueError) as exc:
        log.warning("GET %s failed: %s", url, exc)
        return {}


def photo_b64(path):
    p = Path(path)
    if not p.is_file():
        return None
    return base64.b64encode(p.read_bytes()).decode("ascii")


def check(parts):
    sheet = []
    for part in parts:
        entry = {"sku": part["sku"], "title": part["title"], "min_qty": part["min_qty"]}
        if not page_exists(part["page"]):
            entry["status"] = "discontinued?"
        else:
            info = stock_info(part["stock_api"])
            entry["stock"] = info.get("available", 0)
            entry["price"] = info.get("price")
            entry["status"] = "reorder" if entry["stock"] >= part["min_qty"] else "short"
        entry["photo"] = photo_b64(part.get("photo", ""))
        sheet.append(entry)
    return sheet


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--watchlist", default="watchlist.json")
    ap.add_argument("--out", default="reorder_sheet.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    try:
        parts = json.loads(Path(args.watchlist).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.watchlist, exc)
        return 1
    # example entry: {"sku": "GR-2824-MS", "page": "https://shop.example.com/p/gr-2824-ms",
    #   "stock_api": "https://shop.example.com/api/stock/gr-2824-ms", "min_qty": 5, ...}
    sheet = check(parts)
    Path(args.out).write_text(json.dumps(sheet, indent=2))
    short = [e["sku"] for e in sheet if e.get("status") != "reorder"]
    log.info("%d parts checked, %d need attention: %s", len(sheet), len(short),
             ", ".join(short) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
