#!/usr/bin/env python3
"""Import branch clinic invoice exports into the pharmacy ledger database.

Handles the two export formats we receive:
  * VetPMS XML (``<InvoiceBatch>``), whose DTD defines the clinic's trading
    name and address as entities used throughout the document;
  * the plain CSV export from the smaller branches.

Rows land in ``invoices`` and ``invoice_lines`` in ./ledger.db; each branch
gets its own staging table first so a bad file never half-loads.
"""
from __future__ import annotations

import argparse
import csv
import logging
import sqlite3
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path

from lxml import etree

log = logging.getLogger("invoice_importer")

SCHEMA = """
CREATE TABLE IF NOT EXISTS invoices (
    branch TEXT, invoice_no TEXT, issued TEXT, client TEXT, patient TEXT,
    total TEXT, PRIMARY KEY (branch, invoice_no));
CREATE TABLE IF NOT EXISTS invoice_lines (
    branch TEXT, invoice_no TEXT, line_no INTEGER, item_code TEXT,
    description TEXT, qty TEXT, unit_price TEXT);
"""


def money(text: str) -> str:
    try:
        return str(Decimal(text.replace(",", "").strip() or "0").quantize(Decimal("0.01")))
    except InvalidOperation:
        raise ValueError(f"bad amount {text!r}") from None


def parse_xml(path: Path):
    parser = etree.XMLParser(load_dtd=True, resolve_entities=True, no_network=False)
    root = etree.parse(str(path), parser).getroot()
    for inv in root.iter("Invoice"):
        header = {
            "invoice_no": inv.findtext("Number"),
            "issued": inv.findtext("Date"),
            "client": inv.findtext("Client/Name"),
            "patient": inv.findtext("Patient/Name"),
            "total": money(inv.findtext("Total") or "0"),
        }
        lines = [
            {"line_no": i, "item_code": ln.get("code", ""), "description": ln.findtext("Desc") or "",
             "qty": ln.findtext("Qty") or "1", "unit_price": money(ln.findtext("Price") or "0")}
            for i, ln in enumerate(inv.iter("Line"), 1)
        ]
        yield header, lines


def parse_csv(path: Path):
    invoices: dict[str, tuple[dict, list]] = {}
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            no = row["InvoiceNo"]
            if no not in invoices:
                invoices[no] = ({"invoice_no": no, "issued": row["Date"], "client": row["Client"],
                                 "patient": row["Patient"], "total": money(row["InvoiceTotal"])}, [])
            lines = invoices[no][1]
            lines.append({"line_no": len(lines) + 1, "item_code": row["ItemCode"],
                          "description": row["Description"], "qty": row["Qty"],
                          "unit_price": money(row["UnitPrice"])})
    yield from invoices.values()


def quote(value) -> str:
    return "'" + str(value).replace("'", "''") + "'"


def load_branch(db: sqlite3.Connection, branch: str, records) -> int:
    stage = f"stage_{branch}"
    cur = db.cursor()
    cur.execute(f"DROP TABLE IF EXISTS {stage}")
    cur.execute(f"CREATE TABLE {stage} AS SELECT * FROM invoices WHERE 0")
    count = 0
    for header, lines in records:
        cur.execute(
            "INSERT INTO {t} VALUES ({b}, {n}, {d}, {c}, {p}, {tot})".format(
                t=stage, b=quote(branch), n=quote(header["invoice_no"]), d=quote(header["issued"]),
                c=quote(header["client"]), p=quote(header["patient"]), tot=quote(header["total"])))
        cur.execute(f"DELETE FROM invoice_lines WHERE branch = '{branch}' "
                    f"AND invoice_no = '{header['invoice_no']}'")
        for ln in lines:
            cur.execute(
                "INSERT INTO invoice_lines VALUES ('%s', '%s', %d, '%s', %s, '%s', '%s')" % (
                    branch, header["invoice_no"], ln["line_no"], ln["item_code"],
                    quote(ln["description"]), ln["qty"], ln["unit_price"]))
        count += 1
    cur.execute(f"INSERT OR REPLACE INTO invoices SELECT * FROM {stage}")
    cur.execute(f"DROP TABLE {stage}")
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Import clinic invoice exports")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--db", type=Path, default=Path("ledger.db"))
    ap.add_argument("--branch", help="branch code (default: parent folder name)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    db = sqlite3.connect(args.db)
    db.executescript(SCHEMA)
    failures = 0
    for path in args.files:
        branch = (args.branch or path.parent.name).lower().replace("-", "_")
        parser = parse_xml if path.suffix.lower() == ".xml" else parse_csv
        try:
            with db:
                n = load_branch(db, branch, parser(path))
        except (etree.XMLSyntaxError, KeyError, ValueError, sqlite3.Error) as exc:
            log.error("%s: %s", path, exc)
            failures += 1
            continue
        log.info("%s: %d invoices loaded for branch %s", path.name, n, branch)
    db.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
