#!/usr/bin/env python3
"""Import marketplace inventory and price feeds into the local catalogue DB.

The marketplace drops daily XML feeds (<Feed><Offer sku=".." .../></Feed>)
on the partner SFTP; the sync job copies them into ./feeds/.  Feeds can be
hundreds of MB, so they are parsed in streaming mode with a SAX handler and
upserted into catalogue.sqlite3 in batches.  Some partners split their feed
into parts and stitch them together with entity references to shared
fragments (warehouse list, currency table), so those are followed.
"""
import argparse
import logging
import sqlite3
import sys
import xml.sax
from decimal import Decimal, InvalidOperation
from pathlib import Path
from xml.sax.handler import ContentHandler, feature_external_ges, feature_namespaces

log = logging.getLogger("feed_import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS offers (
    marketplace TEXT NOT NULL,
    sku TEXT NOT NULL,
    asin TEXT,
    price TEXT NOT NULL,
    currency TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    warehouse TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (marketplace, sku)
);
"""

UPSERT = """
INSERT INTO offers (marketplace, sku, asin, price, currency, quantity, warehouse, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT(marketplace, sku) DO UPDATE SET
    asin=excluded.asin, price=excluded.price, currency=excluded.currency,
    quantity=excluded.quantity, warehouse=excluded.warehouse, updated_at=excluded.updated_at
"""


class OfferHandler(ContentHandler):
    def __init__(self, marketplace: str, conn: sqlite3.Connection, batch_size: int = 1000):
        super().__init__()
        self.marketplace = marketplace
        self.conn = conn
        self.batch_size = batch_size
        self.batch = []
        self.generated_at = ""
        self.current = None
        self.text = []
        self.stats = {"offers": 0, "rejected": 0}

    def startElement(self, name, attrs):
        if name == "Feed":
            self.generated_at = attrs.get("generated", "")
        elif name == "Offer":
            self.current = {
                "sku": attrs.get("sku"),
                "asin": attrs.get("asin"),
                "currency": attrs.get("currency", "EUR"),
            }
        self.text = []

    def characters(self, content):
        self.text.append(content)

    def endElement(self, name):
        value = "".join(self.text).strip()
        if self.current is not None and name in ("Price", "Quantity", "Warehouse"):
            self.current[name.lower()] = value
        elif name == "Offer" and self.current is not None:
            self._accept(self.current)
            self.current = None
        self.text = []

    def _accept(self, offer: dict) -> None:
        try:
            price = Decimal(offer.get("price", ""))
            qty = int(offer.get("quantity", "0"))
            if not offer["sku"] or price < 0 or qty < 0:
                raise ValueError("negative or missing")
        except (InvalidOperation, ValueError, KeyError) as exc:
            self.stats["rejected"] += 1
            log.debug("rejected offer %s: %s", offer.get("sku"), exc)
            return
        self.batch.append((self.marketplace, offer["sku"], offer.get("asin"), str(price),
                           offer["currency"], qty, offer.get("warehouse"), self.generated_at))
        if len(self.batch) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        if self.batch:
            with self.conn:
                self.conn.executemany(UPSERT, self.batch)
            self.stats["offers"] += len(self.batch)
            self.batch.clear()

    def endDocument(self):
        self.flush()


def build_parser(handler: ContentHandler):
    parser = xml.sax.make_parser()
    parser.setFeature(feature_namespaces, False)
    parser.setFeature(feature_external_ges, True)
    parser.setContentHandler(handler)
    return parser


def import_feed(path: Path, marketplace: str, conn: sqlite3.Connection) -> dict:
    handler = OfferHandler(marketplace, conn)
    parser = build_parser(handler)
    parser.parse(str(path))
    return handler.stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("feeds", nargs="*", type=Path)
    ap.add_argument("--feed-dir", type=Path, default=Path("feeds"))
    ap.add_argument("--marketplace", required=True)
    ap.add_argument("--db", default="catalogue.sqlite3")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    feeds = args.feeds or sorted(args.feed_dir.glob("*.xml"))
    if not feeds:
        log.warning("no feeds found")
        return 0
    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    failures = 0
    for feed in feeds:
        try:
            stats = import_feed(feed, args.marketplace, conn)
            log.info("%s: %d offers, %d rejected", feed.name, stats["offers"], stats["rejected"])
        except (xml.sax.SAXParseException, OSError) as exc:
            failures += 1
            log.error("%s: %s", feed, exc)
    conn.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
