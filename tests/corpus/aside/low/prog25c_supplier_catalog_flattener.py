#!/usr/bin/env python3
"""Flatten supplier catalogue XML files into a CSV price list.

Small catalogues are parsed as a tree; very large ones are streamed with a
SAX handler. Both paths go through defusedxml, which rejects DTD entity
tricks and external references.
"""
import argparse
import csv
import logging
import sys
import xml.sax
from decimal import Decimal, InvalidOperation
from pathlib import Path

import defusedxml.ElementTree as SafeET
import defusedxml.sax
from defusedxml import DefusedXmlException

log = logging.getLogger("catalog_flattener")
STREAM_THRESHOLD = 50 * 1024 * 1024


def parse_tree(path: Path):
    tree = SafeET.parse(str(path))
    supplier = tree.getroot().get("supplier", path.stem)
    for item in tree.iterfind(".//item"):
        yield {
            "supplier": supplier,
            "sku": (item.findtext("sku") or "").strip(),
            "name": (item.findtext("name") or "").strip(),
            "price": (item.findtext("price") or "0").strip(),
            "currency": (item.findtext("currency") or "EUR").strip(),
        }


class CatalogHandler(xml.sax.ContentHandler):
    FIELDS = ("sku", "name", "price", "currency")

    def __init__(self, sink, default_supplier):
        super().__init__()
        self.sink = sink
        self.supplier = default_supplier
        self.current = None
        self.field = None
        self.buffer = []

    def startElement(self, name, attrs):
        if name == "catalog":
            self.supplier = attrs.get("supplier", self.supplier)
        elif name == "item":
            self.current = {"supplier": self.supplier, "currency": "EUR"}
        elif self.current is not None and name in self.FIELDS:
            self.field, self.buffer = name, []

    def characters(self, content):
        if self.field:
            self.buffer.append(content)

    def endElement(self, name):
        if self.field == name:
            self.current[name] = "".join(self.buffer).strip()
            self.field = None
        elif name == "item" and self.current is not None:
            self.sink(self.current)
            self.current = None


def parse_streaming(path: Path):
    rows = []
    defusedxml.sax.parse(str(path), CatalogHandler(rows.append, path.stem))
    return rows


def normalise(row):
    try:
        row["price"] = str(Decimal(row.get("price", "0")).quantize(Decimal("0.01")))
    except InvalidOperation:
        return None
    return row if row.get("sku") else None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=Path("price_list.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    written = skipped = 0
    with args.out.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["supplier", "sku", "name", "price", "currency"])
        writer.writeheader()
        for path in args.inputs:
            try:
                if path.stat().st_size > STREAM_THRESHOLD:
                    rows = parse_streaming(path)
                else:
                    rows = list(parse_tree(path))
            except (OSError, SafeET.ParseError, xml.sax.SAXException,
                    DefusedXmlException) as exc:
                log.error("%s: %s", path, exc)
                continue
            for row in rows:
                row = normalise(row)
                if row is None:
                    skipped += 1
                    continue
                writer.writerow(row)
                written += 1
            log.info("%s: %d rows", path.name, len(rows))
    log.info("wrote %d rows (%d skipped) to %s", written, skipped, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
