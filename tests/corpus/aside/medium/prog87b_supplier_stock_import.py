#!/usr/bin/env python3
"""Merge supplier delivery notes into the salon's retail stock sheet.

Our distributors email delivery notes as YAML (their portal's "export for
small business" option). Drop them in ./deliveries and run this to add the
delivered quantities to stock.csv, flag price changes, and move the note to
./deliveries/done.

Example delivery note:
    supplier: Wella Professionals
    note_no: DN-88213
    delivered: 2024-05-02
    lines:
      - {sku: WEL-KOL-7/0, name: Koleston 7/0, qty: 12, unit_cost: 6.45}
      - {sku: WEL-EIMI-SPRAY, name: EIMI Perfect Me, qty: 6, unit_cost: 11.20}
"""
import argparse
import csv
import logging
import shutil
import sys
from decimal import Decimal
from pathlib import Path

import yaml

log = logging.getLogger("stock_import")

FIELDS = ["sku", "name", "supplier", "on_hand", "unit_cost", "reorder_level"]


class DeliveryNote:
    def __init__(self, path: Path):
        self.path = path
        with path.open(encoding="utf-8") as fh:
            self.doc = yaml.load(fh, Loader=yaml.Loader)
        if not isinstance(self.doc, dict) or "lines" not in self.doc:
            raise ValueError(f"{path.name}: not a delivery note")

    @property
    def supplier(self) -> str:
        return str(self.doc.get("supplier", "unknown"))

    @property
    def number(self) -> str:
        return str(self.doc.get("note_no", self.path.stem))

    def lines(self):
        for line in self.doc["lines"]:
            yield (str(line["sku"]), str(line.get("name", "")),
                   int(line["qty"]), Decimal(str(line.get("unit_cost", "0"))))


def read_stock(path: Path) -> dict:
    stock = {}
    if path.exists():
        with path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                stock[row["sku"]] = row
    return stock


def write_stock(path: Path, stock: dict) -> None:
    tmp = path.with_suffix(".csv.new")
    with tmp.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        w.writeheader()
        for sku in sorted(stock):
            w.writerow({k: stock[sku].get(k, "") for k in FIELDS})
    tmp.replace(path)


def apply_note(note: DeliveryNote, stock: dict, price_tolerance: Decimal) -> list:
    changes = []
    for sku, name, qty, cost in note.lines():
        row = stock.get(sku)
        if row is None:
            row = {"sku": sku, "name": name, "supplier": note.supplier,
                   "on_hand": "0", "unit_cost": str(cost), "reorder_level": "2"}
            stock[sku] = row
            changes.append(f"new product {sku} ({name})")
        old_cost = Decimal(row.get("unit_cost") or "0")
        if old_cost and abs(cost - old_cost) / old_cost > price_tolerance:
            changes.append(f"{sku}: cost {old_cost} -> {cost}")
        row["on_hand"] = str(int(row.get("on_hand") or 0) + qty)
        row["unit_cost"] = str(cost)
    return changes


def main() -> int:
    ap = argparse.ArgumentParser(description="import supplier delivery notes")
    ap.add_argument("--inbox", type=Path, default=Path("deliveries"))
    ap.add_argument("--stock", type=Path, default=Path("stock.csv"))
    ap.add_argument("--tolerance", type=Decimal, default=Decimal("0.05"))
    ap.add_argument("--keep", action="store_true", help="leave notes in the inbox")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    notes = sorted(args.inbox.glob("*.y*ml"))
    if not notes:
        log.info("no delivery notes in %s", args.inbox)
        return 0
    stock = read_stock(args.stock)
    done_dir = args.inbox / "done"
    done_dir.mkdir(exist_ok=True)

    failed = 0
    for path in notes:
        try:
            note = DeliveryNote(path)
            changes = apply_note(note, stock, args.tolerance)
        except (yaml.YAMLError, ValueError, KeyError) as exc:
            log.error("skipping %s: %s", path.name, exc)
            failed += 1
            continue
        log.info("%s %s: %d lines", note.supplier, note.number, len(note.doc["lines"]))
        for c in changes:
            log.info("  %s", c)
        if not args.keep:
            shutil.move(str(path), done_dir / path.name)

    write_stock(args.stock, stock)
    low = [s for s, r in stock.items() if int(r["on_hand"]) <= int(r.get("reorder_level") or 0)]
    if low:
        log.warning("at or below reorder level: %s", ", ".join(low))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
