#!/usr/bin/env python3
"""Import a publisher's ONIX-style product catalogue into SQLite.

Publishers split their catalogues into several files joined with external
entities, so the SAX parser is configured to follow them.
"""
import argparse
import logging
import sqlite3
import sys
import xml.sax
from xml.sax.handler import ContentHandler, feature_external_ges, feature_namespaces

log = logging.getLogger("catalog")

FIELDS = ("isbn", "title", "author", "price", "currency")


class ProductHandler(ContentHandler):
    def __init__(self, sink):
        super().__init__()
        self.sink = sink
        self.current = None
        self.buf = []
        self.count = 0

    def startElement(self, name, attrs):
        if name == "Product":
            self.current = dict.fromkeys(FIELDS, "")
        elif name == "Price" and self.current is not None:
            self.current["currency"] = attrs.get("currency", "EUR")
        self.buf = []

    def characters(self, content):
        self.buf.append(content)

    def endElement(self, name):
        text = "".join(self.buf).strip()
        if self.current is None:
            return
        key = {"ISBN": "isbn", "Title": "title", "Contributor": "author",
               "Price": "price"}.get(name)
        if key:
            self.current[key] = text
        elif name == "Product":
            self.sink(self.current)
            self.count += 1
            self.current = None


def make_parser():
    parser = xml.sax.make_parser()
    parser.setFeature(feature_namespaces, False)
    # catalogues use <!ENTITY part2 SYSTEM "part2.xml"> to include sections
    parser.setFeature(feature_external_ges, True)
    return parser


def open_db(path):
    con = sqlite3.connect(path)
    con.execute("""CREATE TABLE IF NOT EXISTS products (
                   isbn TEXT PRIMARY KEY, title TEXT, author TEXT,
                   price REAL, currency TEXT)""")
    return con


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("catalogue", nargs="+", help="XML catalogue file(s)")
    ap.add_argument("--db", default="catalogue.sqlite3")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    con = open_db(args.db)

    def sink(rec):
        try:
            price = float(rec["price"] or 0)
        except ValueError:
            price = 0.0
        con.execute("INSERT OR REPLACE INTO products VALUES (?,?,?,?,?)",
                    (rec["isbn"], rec["title"], rec["author"], price, rec["currency"]))

    total = 0
    for path in args.catalogue:
        handler = ProductHandler(sink)
        parser = make_parser()
        parser.setContentHandler(handler)
        try:
            parser.parse(path)
        except xml.sax.SAXParseException as exc:
            log.error("%s: %s", path, exc)
            continue
        log.info("%s: %d products", path, handler.count)
        total += handler.count
    con.commit()
    con.close()
    log.info("imported %d products into %s", total, args.db)
    return 0


if __name__ == "__main__":
    sys.exit(main())
