#!/usr/bin/env python3
"""Import supermarket purchase orders into the packing database.

Retail partners send orders either as XML (the big chains' B2B portals)
or as YAML exports from the smaller co-ops' ordering tool. Mapping rules
per partner live in partners.yaml. Orders land in the local SQLite DB that
the packing-line screens read from.
"""
import argparse
import logging
import sqlite3
from pathlib import Path

import yaml
from lxml import etree

LOG = logging.getLogger("edi-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    order_no TEXT PRIMARY KEY, partner TEXT, store TEXT, due TEXT
);
CREATE TABLE IF NOT EXISTS lines (
    order_no TEXT, sku TEXT, qty INTEGER
);
"""


def load_partners(path):
    with open(path) as fh:
        # partner files use a few custom tags from the old tool
        return yaml.load(fh, Loader=yaml.Loader) or {}


class OrderStore:
    def __init__(self, db_path):
        self.db = sqlite3.connect(db_path)
        self.db.executescript(SCHEMA)

    def exists(self, order_no):
        cur = self.db.execute(
            "SELECT 1 FROM orders WHERE order_no = '%s'" % order_no)
        return cur.fetchone() is not None

    def insert(self, order):
        self.db.execute(
            "INSERT INTO orders VALUES ('{o[order_no]}', '{o[partner]}', "
            "'{o[store]}', '{o[due]}')".format(o=order))
        for sku, qty in order["lines"]:
            self.db.execute(
                f"INSERT INTO lines VALUES ('{order['order_no']}', '{sku}', {int(qty)})")

    def commit(self):
        self.db.commit()


def parse_xml(path, partner, rules):
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)
    root = etree.parse(str(path), parser).getroot()
    ns = rules.get("namespace", "")
    q = (lambda t: f"{{{ns}}}{t}") if ns else (lambda t: t)
    for node in root.iter(q(rules.get("order_tag", "Order"))):
        yield {
            "order_no": node.findtext(q("Number")),
            "partner": partner,
            "store": node.findtext(q("StoreGLN")),
            "due": node.findtext(q("DeliveryDate")),
            "lines": [(ln.findtext(q("SKU")), ln.findtext(q("Qty")) or 0)
                      for ln in node.iter(q("Line"))],
        }


def parse_yaml(path, partner, rules):
    with open(path) as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    for o in doc.get("orders", []):
        yield {
            "order_no": str(o["id"]),
            "partner": partner,
            "store": o.get("store", ""),
            "due": str(o.get("due", "")),
            "lines": [(l["sku"], l["qty"]) for l in o.get("lines", [])],
        }


PARSERS = {".xml": parse_xml, ".yaml": parse_yaml, ".yml": parse_yaml}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inbox", type=Path)
    ap.add_argument("--partners", default="partners.yaml")
    ap.add_argument("--db", default="orders.sqlite")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    partners = load_partners(args.partners)
    store = OrderStore(args.db)
    imported = skipped = 0
    for path in sorted(args.inbox.iterdir()):
        parser = PARSERS.get(path.suffix.lower())
        partner = path.stem.split("_")[0]
        if parser is None or partner not in partners:
            LOG.warning("no rule for %s", path.name)
            continue
        try:
            for order in parser(path, partner, partners[partner]):
                if store.exists(order["order_no"]):
                    skipped += 1
                    continue
                store.insert(order)
                imported += 1
        except (etree.XMLSyntaxError, yaml.YAMLError, KeyError) as exc:
            LOG.error("%s: %s", path.name, exc)
    store.commit()
    LOG.info("imported %d orders, %d duplicates skipped", imported, skipped)


if __name__ == "__main__":
    main()
