#!/usr/bin/env python3
"""Reconcile the weekly bar stocktake against till sales.

The bar manager exports two CSV files into the working directory after the
Sunday stocktake:

  * stocktake.csv   - sku,product,opening,closing,deliveries
  * till_sales.csv  - sku,units_sold (exported from the till back office)

This tool works out expected vs. counted usage per product and writes a
variance report that the finance officer reviews before the committee meeting.
"""

import argparse
import csv
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("stock_reconcile")


@dataclass
class StockLine:
    sku: str
    product: str
    opening: float
    closing: float
    deliveries: float

    @property
    def counted_usage(self) -> float:
        return self.opening + self.deliveries - self.closing


def read_stocktake(path: Path) -> dict:
    lines = {}
    with path.open(newline="") as fh:
        for row_no, row in enumerate(csv.DictReader(fh), start=2):
            try:
                line = StockLine(
                    sku=row["sku"].strip(),
                    product=row["product"].strip(),
                    opening=float(row["opening"] or 0),
                    closing=float(row["closing"] or 0),
                    deliveries=float(row["deliveries"] or 0),
                )
            except (KeyError, ValueError) as exc:
                log.warning("stocktake row %d skipped: %s", row_no, exc)
                continue
            lines[line.sku] = line
    log.info("read %d stock lines from %s", len(lines), path)
    return lines


def read_sales(path: Path) -> dict:
    sales = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            sku = row.get("sku", "").strip()
            if not sku:
                continue
            try:
                sales[sku] = sales.get(sku, 0.0) + float(row.get("units_sold") or 0)
            except ValueError:
                log.warning("bad units_sold for %s: %r", sku, row.get("units_sold"))
    log.info("read sales for %d skus from %s", len(sales), path)
    return sales


def reconcile(stock: dict, sales: dict, tolerance: float):
    for sku, line in sorted(stock.items()):
        sold = sales.get(sku, 0.0)
        variance = line.counted_usage - sold
        pct = (variance / sold * 100.0) if sold else 0.0
        flag = "CHECK" if abs(pct) > tolerance else ""
        yield [sku, line.product, f"{line.counted_usage:.2f}", f"{sold:.2f}",
               f"{variance:.2f}", f"{pct:.1f}", flag]
    for sku in sorted(set(sales) - set(stock)):
        yield [sku, "(not in stocktake)", "", f"{sales[sku]:.2f}", "", "", "CHECK"]


def write_report(rows, out: Path) -> int:
    count = 0
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["sku", "product", "counted_usage", "till_sold",
                         "variance", "variance_pct", "flag"])
        for row in rows:
            writer.writerow(row)
            count += 1
    # Report contains margin information; keep it readable by us only.
    os.chmod(out, 0o600)
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stocktake", default="stocktake.csv", type=Path)
    parser.add_argument("--sales", default="till_sales.csv", type=Path)
    parser.add_argument("--out", default="variance_report.csv", type=Path)
    parser.add_argument("--tolerance", type=float, default=5.0,
                        help="percentage variance that gets flagged")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        stock = read_stocktake(args.stocktake)
        sales = read_sales(args.sales)
    except FileNotFoundError as exc:
        log.error("missing input: %s", exc.filename)
        return 2

    n = write_report(reconcile(stock, sales, args.tolerance), args.out)
    log.info("wrote %d lines to %s", n, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
