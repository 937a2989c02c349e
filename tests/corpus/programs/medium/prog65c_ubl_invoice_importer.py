#!/usr/bin/env python3
"""Import supplier e-invoices (UBL 2.1 / Peppol BIS 3 XML) from an inbox
folder, extract totals and VAT breakdown, and render an HTML approval sheet
for accounts payable.

    ubl_invoice_importer.py inbox/ --out approvals/ --ledger ap_ledger.csv
"""
import argparse
import csv
import logging
import shutil
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import List

from jinja2 import Environment, FileSystemLoader, select_autoescape
from lxml import etree

NS = {
    "inv": "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
    "cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
    "cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
}
log = logging.getLogger("ubl-import")

SHEET_TEMPLATE = """<html><head><meta charset="utf-8"><title>{{ inv.number }}</title></head>
<body>
<h1>{{ inv.supplier }} &mdash; invoice {{ inv.number }}</h1>
<p>Issued {{ inv.issue_date }}, due {{ inv.due_date }}. Note: {{ inv.note }}</p>
<table border="1" cellpadding="4">
<tr><th>Line</th><th>Description</th><th>Qty</th><th>Net</th></tr>
{% for l in inv.lines %}<tr><td>{{ l.id }}</td><td>{{ l.name }}</td><td>{{ l.qty }}</td><td>{{ l.net }}</td></tr>
{% endfor %}</table>
<p>Net {{ inv.net }} / VAT {{ inv.vat }} / <b>Payable {{ inv.payable }} {{ inv.currency }}</b></p>
</body></html>"""


@dataclass
class Invoice:
    number: str
    supplier: str
    issue_date: str
    due_date: str
    currency: str
    note: str
    net: Decimal
    vat: Decimal
    payable: Decimal
    lines: List[dict] = field(default_factory=list)


def make_parser() -> etree.XMLParser:
    # supplier ERPs often ship entity-based templates with their own DTD
    return etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False,
                           remove_blank_text=True, huge_tree=True)


def text(node, path: str, default: str = "") -> str:
    found = node.find(path, NS)
    return found.text.strip() if found is not None and found.text else default


def parse_invoice(path: Path, parser: etree.XMLParser) -> Invoice:
    root = etree.parse(str(path), parser).getroot()
    totals = root.find("cac:LegalMonetaryTotal", NS)
    lines = [{
        "id": text(l, "cbc:ID"),
        "name": text(l, "cac:Item/cbc:Name"),
        "qty": text(l, "cbc:InvoicedQuantity", "1"),
        "net": Decimal(text(l, "cbc:LineExtensionAmount", "0")),
    } for l in root.findall("cac:InvoiceLine", NS)]
    return Invoice(
        number=text(root, "cbc:ID"),
        supplier=text(root, "cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name"),
        issue_date=text(root, "cbc:IssueDate"),
        due_date=text(root, "cbc:DueDate"),
        currency=text(root, "cbc:DocumentCurrencyCode", "EUR"),
        note=text(root, "cbc:Note"),
        net=Decimal(text(totals, "cbc:TaxExclusiveAmount", "0")),
        vat=Decimal(text(root, "cac:TaxTotal/cbc:TaxAmount", "0")),
        payable=Decimal(text(totals, "cbc:PayableAmount", "0")),
        lines=lines,
    )


def make_env(template_dir: Path) -> Environment:
    env = Environment(loader=FileSystemLoader(str(template_dir)), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["money"] = lambda d: f"{d:,.2f}"
    return env


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inbox", type=Path)
    ap.add_argument("--out", type=Path, default=Path("approvals"))
    ap.add_argument("--ledger", type=Path, default=Path("ap_ledger.csv"))
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out.mkdir(exist_ok=True)
    done_dir = args.inbox / "processed"
    done_dir.mkdir(exist_ok=True)
    env = make_env(args.templates)
    tmpl = env.from_string(SHEET_TEMPLATE) if not (args.templates / "sheet.html").exists() \
        else env.get_template("sheet.html")
    parser = make_parser()

    new_ledger = not args.ledger.exists()
    with args.ledger.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new_ledger:
            writer.writerow(["number", "supplier", "issue_date", "due_date", "currency", "net", "vat", "payable"])
        for xml in sorted(args.inbox.glob("*.xml")):
            try:
                inv = parse_invoice(xml, parser)
            except (etree.XMLSyntaxError, ArithmeticError) as exc:
                log.error("%s: %s", xml.name, exc)
                continue
            if abs(inv.net + inv.vat - inv.payable) > Decimal("0.02"):
                log.warning("%s: totals do not add up (%s + %s != %s)", inv.number, inv.net, inv.vat, inv.payable)
            (args.out / f"{inv.number}.html").write_text(tmpl.render(inv=inv), encoding="utf-8")
            writer.writerow([inv.number, inv.supplier, inv.issue_date, inv.due_date, inv.currency,
                             inv.net, inv.vat, inv.payable])
            shutil.move(str(xml), done_dir / xml.name)
            log.info("imported %s from %s (%s %s)", inv.number, inv.supplier, inv.payable, inv.currency)
    return 0


if __name__ == "__main__":
    sys.exit(main())
