#!/usr/bin/env python3
"""Farm shop till - barcode scanner sales entry.

The USB scanner is set to keyboard-wedge mode, so each scan arrives as a
line of digits followed by Enter on the till's terminal.  Every scan is
looked up in the price list, added to the current basket and written to
the day's sales file when the basket is closed.

Commands typed at the prompt:
    <barcode>      add one item
    *<n>           multiply the next item by n
    void           remove the last item
    pay cash|card  close the basket
    quit           exit
"""
import argparse
import csv
import datetime as dt
import logging
import sys
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("till")


def load_prices(path):
    prices = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            prices[row["barcode"].strip()] = {
                "name": row["name"],
                "price": Decimal(row["price"]),
                "department": row.get("department", "shop"),
            }
    log.info("%d products loaded", len(prices))
    return prices


class Basket:
    def __init__(self):
        self.lines = []
        self.multiplier = 1

    def add(self, product, code):
        qty = self.multiplier
        self.multiplier = 1
        self.lines.append({"barcode": code, "qty": qty, **product})
        return qty

    def void(self):
        return self.lines.pop() if self.lines else None

    def total(self):
        return sum((l["price"] * l["qty"] for l in self.lines), Decimal("0"))


class SalesFile:
    FIELDS = ["sale_id", "time", "barcode", "name", "department", "qty", "price", "tender"]

    def __init__(self, directory):
        Path(directory).mkdir(parents=True, exist_ok=True)
        self.path = Path(directory) / f"sales_{dt.date.today():%Y%m%d}.csv"
        new = not self.path.exists()
        self.fh = self.path.open("a", newline="")
        self.w = csv.DictWriter(self.fh, fieldnames=self.FIELDS, extrasaction="ignore")
        if new:
            self.w.writeheader()
        self.seq = sum(1 for _ in open(self.path)) if not new else 0

    def record(self, basket, tender):
        self.seq += 1
        sale_id = f"{dt.date.today():%Y%m%d}-{self.seq:04d}"
        now = dt.datetime.now().strftime("%H:%M:%S")
        for line in basket.lines:
            self.w.writerow({"sale_id": sale_id, "time": now, "tender": tender, **line})
        self.fh.flush()
        return sale_id


def scans(stream):
    """Yield cleaned input lines from the scanner/keyboard."""
    for raw in stream:
        text = raw.strip()
        if text:
            yield text


def run(prices, sales, stream):
    basket = Basket()
    print("ready - scan items")
    for entry in scans(stream):
        if entry == "quit":
            break
        if entry.startswith("*") and entry[1:].isdigit():
            basket.multiplier = int(entry[1:])
            print(f"  x{basket.multiplier}")
        elif entry == "void":
            gone = basket.void()
            print(f"  voided {gone['name']}" if gone else "  basket empty")
        elif entry.startswith("pay"):
            tender = (entry.split() + ["card"])[1].upper()
            if not basket.lines:
                print("  nothing to pay for")
                continue
            sale_id = sales.record(basket, tender)
            print(f"  {sale_id}: £{basket.total():.2f} {tender}")
            basket = Basket()
        elif entry in prices:
            qty = basket.add(prices[entry], entry)
            p = prices[entry]
            print(f"  {qty} x {p['name']:<24} £{p['price'] * qty:>7.2f}   total £{basket.total():.2f}")
        else:
            print(f"  unknown barcode {entry}")
            log.warning("unknown barcode %s", entry)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Farm shop till scanner entry")
    ap.add_argument("--prices", default="pricelist.csv")
    ap.add_argument("--sales-dir", default="sales")
    args = ap.parse_args(argv)
    logging.basicConfig(filename="till.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        prices = load_prices(args.prices)
    except (OSError, KeyError) as exc:
        print(f"cannot load price list: {exc}", file=sys.stderr)
        return 1
    sales = SalesFile(args.sales_dir)
    try:
        run(prices, sales, sys.stdin)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
