#!/usr/bin/env python3
"""Build the export paperwork PDFs for a wine / olive oil shipment.

Takes the shipment JSON exported from the cellar system (consignee,
containers, lots, analysis figures) and fills the HTML templates for
the commercial invoice, packing list and certificate of origin, then
renders each one to PDF with the wkhtmltopdf installed on the office
PC (set WKHTMLTOPDF if it is not on PATH).
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path
from string import Template

LOG = logging.getLogger("export-docs")

TEMPLATES = {
    "invoice": "templates/commercial_invoice.html",
    "packing": "templates/packing_list.html",
    "origin": "templates/certificate_of_origin.html",
}


class PdfRenderer:
    """Runs the local wkhtmltopdf binary, one process per document."""

    binary = os.environ.get("WKHTMLTOPDF") or shutil.which("wkhtmltopdf") or "wkhtmltopdf"

    def render(self, html_path, pdf_path):
        argv = [self.binary, "--quiet", "--page-size", "A4", "--enable-local-file-access",
                str(html_path), str(pdf_path)]
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired as exc:
            raise RuntimeError("wkhtmltopdf timed out") from exc
        if proc.returncode != 0:
            raise RuntimeError(f"wkhtmltopdf exited with {proc.returncode}: {proc.stderr.strip()[:200]}")


def fmt_money(value, currency):
    return f"{currency} {value:,.2f}"


def build_context(ship):
    lines, total, litres = [], 0.0, 0.0
    for lot in ship["lots"]:
        amount = lot["cases"] * lot["price_per_case"]
        total += amount
        litres += lot["cases"] * lot["bottles_per_case"] * lot["bottle_l"]
        lines.append(f"<tr><td>{lot['lot']}</td><td>{lot['description']}</td>"
                     f"<td>{lot['hs_code']}</td><td>{lot['cases']}</td>"
                     f"<td>{fmt_money(amount, ship['currency'])}</td></tr>")
    return {
        "shipment": ship["reference"],
        "consignee": ship["consignee"]["name"],
        "consignee_address": "<br>".join(ship["consignee"]["address"]),
        "incoterm": ship.get("incoterm", "FCA"),
        "rows": "\n".join(lines),
        "total": fmt_money(total, ship["currency"]),
        "litres": f"{litres:,.1f}",
        "containers": ", ".join(ship.get("containers", [])),
        "issued": date.today().isoformat(),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shipment", type=Path, help="shipment JSON from the cellar system")
    ap.add_argument("-o", "--outdir", type=Path, default=Path("out"))
    ap.add_argument("-d", "--docs", nargs="*", choices=sorted(TEMPLATES), default=sorted(TEMPLATES))
    ap.add_argument("--html-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ship = json.loads(args.shipment.read_text())
    ctx = build_context(ship)
    args.outdir.mkdir(parents=True, exist_ok=True)
    renderer = PdfRenderer()
    failed = 0
    for doc in args.docs:
        html = Template(Path(TEMPLATES[doc]).read_text()).safe_substitute(ctx)
        html_path = args.outdir / f"{ship['reference']}_{doc}.html"
        html_path.write_text(html, encoding="utf-8")
        if args.html_only:
            continue
        pdf_path = html_path.with_suffix(".pdf")
        try:
            renderer.render(html_path, pdf_path)
            LOG.info("wrote %s", pdf_path)
        except (OSError, RuntimeError) as exc:
            LOG.error("%s: %s", doc, exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
