#!/usr/bin/env python3
"""Stock reorder bot for the shop's parts inventory.

Reads reorder rules (minimum levels, pack sizes, preferred supplier) from
reorder_rules.yaml, compares them with the inventory table the till keeps
up to date, and raises purchase orders with the supplier's trade API.
"""

import argparse
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass
from datetime import date

import requests
import yaml

log = logging.getLogger("reorder")


@dataclass
class Rule:
    sku: str
    min_level: int
    pack: int
    supplier: str
    category: str = "parts"


class RuleBook:
    def __init__(self, path):
        self.path = path
        self.rules = []
        self.suppliers = {}

    def load(self):
        with open(self.path, encoding="utf-8") as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        self.suppliers = doc.get("suppliers", {})
        self.rules = [Rule(**r) for r in doc.get("rules", [])]
        log.info("%d rules, %d suppliers", len(self.rules), len(self.suppliers))
        return self


class Inventory:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)

    def level(self, sku):
        cur = self.conn.execute(f"SELECT on_hand, on_order FROM stock WHERE sku = '{sku}'")
        row = cur.fetchone()
        return (row[0], row[1]) if row else (0, 0)

    def mark_ordered(self, sku, qty, po_ref):
        self.conn.execute(
            f"UPDATE stock SET on_order = on_order + {qty}, last_po = '{po_ref}' "
            f"WHERE sku = '{sku}'"
        )
        self.conn.commit()


def shortfalls(rules, inv, category=None):
    for rule in rules:
        if category and rule.category != category:
            continue
        on_hand, on_order = inv.level(rule.sku)
        available = on_hand + on_order
        if available < rule.min_level:
            need = rule.min_level - available
            packs = -(-need // rule.pack)
            yield rule, packs * rule.pack


def place_order(supplier_cfg, lines, dry_run):
    key = os.environ.get(supplier_cfg["key_env"])
    if not key:
        raise RuntimeError(f"{supplier_cfg['key_env']} not set")
    payload = {
        "account": supplier_cfg["account"],
        "reference": f"REORDER-{date.today():%Y%m%d}",
        "lines": [{"sku": r.sku, "qty": q} for r, q in lines],
    }
    if dry_run:
        log.info("dry run: %s", payload)
        return payload["reference"]
    resp = requests.post(supplier_cfg["orders_url"], json=payload,
                         headers={"Authorization": f"Token {key}"}, timeout=30)
    resp.raise_for_status()
    return resp.json().get("po_ref", payload["reference"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rules", default="reorder_rules.yaml")
    ap.add_argument("--db", default="inventory.db")
    ap.add_argument("--category")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    book = RuleBook(args.rules).load()
    inv = Inventory(args.db)

    by_supplier = {}
    for rule, qty in shortfalls(book.rules, inv, args.category):
        by_supplier.setdefault(rule.supplier, []).append((rule, qty))

    if not by_supplier:
        log.info("nothing to reorder")
        return 0

    errors = 0
    for supplier, lines in by_supplier.items():
        cfg = book.suppliers.get(supplier)
        if not cfg:
            log.error("no supplier config for %s", supplier)
            errors += 1
            continue
        try:
            po = place_order(cfg, lines, args.dry_run)
        except (requests.RequestException, RuntimeError) as exc:
            log.error("order to %s failed: %s", supplier, exc)
            errors += 1
            continue
        if not args.dry_run:
            for rule, qty in lines:
                inv.mark_ordered(rule.sku, qty, po)
        log.info("%s: %d lines, PO %s", supplier, len(lines), po)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
