#!/usr/bin/env python3
"""Print shelf-edge labels for the shop inventory.

Reads inventory.csv (sku, name, price, barcode, ...) and renders one label per
row as ZPL for the Zebra label printer, using a layout template. Layout
templates are small Python files in ./templates that define render(item)
returning the ZPL for one label, so the shop can add layouts without touching
this tool.
"""

import argparse
import csv
import logging
import socket
import sys
from decimal import Decimal
from pathlib import Path

LOG = logging.getLogger("labels")


def builtin_render(item: dict) -> str:
    return (
        "^XA^CF0,30"
        f"^FO20,20^FD{item['name'][:28]}^FS"
        f"^FO20,60^A0N,60,60^FD{item['price_fmt']}^FS"
        f"^FO20,130^BY2^BCN,60,Y,N,N^FD{item['barcode']}^FS"
        "^XZ"
    )


class TemplateRegistry:
    """Layouts by name; 'basic' is built in, the rest come from template files."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._layouts = {"basic": builtin_render}

    def load_all(self):
        if not self.folder.is_dir():
            LOG.info("no template folder %s, only 'basic' available", self.folder)
            return
        for path in sorted(self.folder.glob("*.py")):
            self._layouts[path.stem] = self._load_one(path)

    @staticmethod
    def _load_one(path: Path):
        source = path.read_text(encoding="utf-8")
        namespace = {"__name__": f"label_template_{path.stem}", "Decimal": Decimal}
        exec(compile(source, str(path), "exec"), namespace)
        render = namespace.get("render")
        if not callable(render):
            raise ValueError(f"{path} does not define render(item)")
        LOG.debug("loaded layout %s", path.stem)
        return render

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
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--sku", action="append", help="only these SKUs (repeatable)")
    ap.add_argument("--printer", default="192.168.1.60")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--save", type=Path, help="write ZPL to a file instead of printing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    reg = TemplateRegistry(args.templates)
    reg.load_all()
    render = reg.get(args.layout)

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
