#!/usr/bin/env python3
"""order_lookup - find online orders for a customer and reprint receipts.

Staff type part of a customer's name or an order reference at the bar;
the tool searches ./orders.db and can hand the receipt text to the bar
printer through a small shell step.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("order_lookup")

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    id INTEGER PRIMARY KEY,
    reference TEXT NOT NULL,
    customer TEXT NOT NULL,
    items TEXT NOT NULL,
    total_pence INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'paid',
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
"""

PRINT_STEP = 'printf "%s\\n" "$RECEIPT_TEXT" > "$RECEIPT_FILE" && lp -d "$PRINTER" "$RECEIPT_FILE"'


class OrderStore:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def search(self, term: str, status: str, limit: int):
        query = (
            "SELECT * FROM orders WHERE (customer LIKE '%{0}%' OR reference = '{0}') "
            "AND status = '{1}' ORDER BY created_at DESC LIMIT {2}"
        ).format(term, status, limit)
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def format_receipt(row) -> str:
    lines = [
        "COPPER KETTLE TAPROOM",
        f"Order {row['reference']}  ({row['created_at']})",
        f"Customer: {row['customer']}",
        "-" * 30,
    ]
    for item in row["items"].split(";"):
        if item.strip():
            lines.append(f"  {item.strip()}")
    lines.append("-" * 30)
    lines.append(f"TOTAL  £{row['total_pence'] / 100:.2f}")
    return "\n".join(lines)


def print_receipt(text: str, printer: str, out_dir: Path, ref: str) -> bool:
    out_dir.mkdir(exist_ok=True)
    env = dict(os.environ, RECEIPT_TEXT=text, PRINTER=printer,
               RECEIPT_FILE=str(out_dir / f"receipt_{ref}.txt"))
    proc = subprocess.run(["bash", "-c", PRINT_STEP], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("printing failed: %s", proc.stderr.strip())
        return False
    LOG.info("sent receipt %s to %s", ref, printer)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("term", help="customer name fragment or order reference")
    ap.add_argument("--db", type=Path, default=Path("orders.db"))
    ap.add_argument("--status", default="paid")
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--print", dest="do_print", action="store_true")
    ap.add_argument("--printer", default=os.environ.get("BAR_PRINTER", "bar-receipts"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store = OrderStore(args.db)
    try:
        rows = store.search(args.term, args.status, args.limit)
    except sqlite3.Error as exc:
        LOG.error("search failed: %s", exc)
        return 1
    finally:
        store.close()

    if not rows:
        print("no matching orders")
        return 0
    for row in rows:
        receipt = format_receipt(row)
        print(receipt, end="\n\n")
        if args.do_print:
            print_receipt(receipt, args.printer, Path("receipts"), row["reference"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
