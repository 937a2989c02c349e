#!/usr/bin/env python3
"""Shelf and bottle label printing for the shop.

Reads a CSV of wines (name, vintage, region, abv, price, barcode) and turns
each row into ZPL for the Zebra label printers.  Layouts are JSON templates
served by the LabelKit appliance in head office, so a new label design can
be rolled out to every branch without a code change here: on start-up we
check the appliance and pull the current template if ours is stale.
"""

import argparse
import csv
import hashlib
import json
import logging
import os
import socket
import sys
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("labels")

UPDATE_BASE = os.environ.get("LABELKIT_UPDATES", "https://labelkit.hq.example/zpl")
TEMPLATE_DIR = Path(os.environ.get("LABELKIT_TEMPLATE_DIR", "./.labelkit/templates"))
CA_BUNDLE = os.environ.get("LABELKIT_CA_BUNDLE")


def make_session():
    session = requests.Session()
    session.headers["User-Agent"] = "labelkit-client/3.2 (+shop)"
    # the appliance ships with its own certificate; use the bundle if IT gave us one
    session.verify = CA_BUNDLE if CA_BUNDLE else False
    if not session.verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return session


def sync_template(session, name, channel):
    resp = session.get(f"{UPDATE_BASE}/{channel}/manifest.json", timeout=20)
    resp.raise_for_status()
    entry = resp.json()["templates"][name]
    TEMPLATE_DIR.mkdir(parents=True, exist_ok=True)
    target = TEMPLATE_DIR / f"{name}_{entry['version'].replace('.', '_')}.json"
    if target.exists():
        return target
    body = session.get(entry["url"], timeout=60).content
    if entry.get("sha256") and hashlib.sha256(body).hexdigest() != entry["sha256"]:
        raise ValueError(f"template {name} checksum mismatch")
    json.loads(body)  # refuse to cache anything that is not valid JSON
    target.write_bytes(body)
    LOG.info("template %s updated to %s", name, entry["version"])
    return target


def newest_cached(name):
    candidates = sorted(TEMPLATE_DIR.glob(f"{name}_*.json"), key=lambda p: p.stat().st_mtime)
    return candidates[-1] if candidates else None


def render(template, row, dpi, copies):
    """Fill a template's fields into one ZPL label."""
    scale = dpi / template.get("dpi", 203)
    out = ["^XA", f"^PW{int(template['width'] * scale)}", f"^LL{int(template['height'] * scale)}"]
    for field in template["fields"]:
        value = field.get("format", "{%s}" % field["key"]).format(**row)
        x, y = int(field["x"] * scale), int(field["y"] * scale)
        if field.get("type") == "barcode":
            out.append(f"^FO{x},{y}^BY2^BEN,{int(field.get('h', 60) * scale)},Y,N^FD{value}^FS")
        else:
            size = int(field.get("size", 30) * scale)
            out.append(f"^FO{x},{y}^A0N,{size},{size}^FD{value}^FS")
    out.append(f"^PQ{copies}")
    out.append("^XZ")
    return "\n".join(out)


def read_wines(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            row["vintage"] = row.get("vintage") or "NV"
            yield row


def send_to_printer(host, zpl, port=9100):
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(zpl.encode("utf-8"))


def main():
    parser = argparse.ArgumentParser(description="Print wine labels from LabelKit templates")
    parser.add_argument("csv", help="wine list CSV")
    parser.add_argument("--layout", default="shelf_talker")
    parser.add_argument("--channel", default="stable")
    parser.add_argument("--dpi", type=int, default=203)
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--printer", help="printer host for raw 9100 printing")
    parser.add_argument("--out", default="labels.zpl")
    parser.add_argument("--offline", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    path = None
    if not args.offline:
        try:
            path = sync_template(make_session(), args.layout, args.channel)
        except (requests.RequestException, KeyError, ValueError) as exc:
            LOG.warning("template update failed: %s", exc)
    path = path or newest_cached(args.layout)
    if path is None:
        LOG.error("no template available for %s", args.layout)
        return 1

    template = json.loads(path.read_text(encoding="utf-8"))
    chunks = []
    for row in read_wines(args.csv):
        try:
            chunks.append(render(template, row, args.dpi, args.copies))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping %s: %s", row.get("name", "?"), exc)
    zpl = "\n".join(chunks)
    Path(args.out).write_text(zpl, encoding="utf-8")
    LOG.info("%d labels written to %s", len(chunks), args.out)
    if args.printer:
        send_to_printer(args.printer, zpl)
    return 0


if __name__ == "__main__":
    sys.exit(main())
