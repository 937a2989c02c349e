#!/usr/bin/env python3
"""Export hire contracts as printable HTML for customer signature.

Renders each booking to HTML from the depot template into ./contracts and
writes an index page so the hire desk can print the day's contracts from
the browser in one go.
"""
import argparse
import html
import json
import logging
import string
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("contracthtml")

TEMPLATE = string.Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>Hire contract $contract_no</title>
<style>body{font-family:sans-serif} td{padding:2px 8px} .r{text-align:right}</style>
</head><body>
<h1>Hire contract $contract_no</h1>
<p>Customer: $customer<br>Site: $site<br>On hire $on_hire &ndash; off hire $off_hire</p>
<table>$rows</table>
<p class="r">Total (ex VAT): &pound;$total</p>
<p>Signed for the hirer: ____________________</p>
</body></html>
""")

INDEX = string.Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>Contracts $day</title></head><body>
<h1>Contracts for $day</h1><ul>
$links
</ul></body></html>
""")


def render_html(booking):
    rows, total = [], 0.0
    for item in booking["items"]:
        total += float(item["cost"])
        rows.append("<tr><td>{}</td><td>{}</td><td class=r>{:.2f}</td></tr>".format(
            html.escape(item["fleet_no"]), html.escape(item["description"]),
            float(item["cost"])))
    fields = {k: html.escape(str(booking[k]))
              for k in ("contract_no", "customer", "site", "on_hire", "off_hire")}
    return TEMPLATE.substitute(fields, rows="\n".join(rows), total=f"{total:.2f}")


def write_index(out_dir, entries):
    links = "\n".join(
        '<li><a href="{0}">{1}</a> &ndash; {2}</li>'.format(
            html.escape(name, quote=True), html.escape(no), html.escape(cust))
        for name, no, cust in sorted(entries, key=lambda e: e[1]))
    page = INDEX.substitute(day=date.today().isoformat(), links=links)
    (out_dir / "index.html").write_text(page, encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bookings", nargs="+", type=Path)
    ap.add_argument("-o", "--out-dir", type=Path, default=Path("contracts"))
    ap.add_argument("--no-index", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out_dir.mkdir(exist_ok=True)
    entries = []
    for path in args.bookings:
        try:
            booking = json.loads(path.read_text())
            out = args.out_dir / f"{booking['contract_no']}.html"
            out.write_text(render_html(booking), encoding="utf-8")
            entries.append((out.name, str(booking["contract_no"]),
                            str(booking["customer"])))
            log.info("rendered %s", out)
        except (OSError, KeyError, ValueError) as exc:
            log.error("%s: %s", path, exc)

    if entries and not args.no_index:
        write_index(args.out_dir, entries)
        log.info("index written for %d contracts", len(entries))
    return 0 if entries else 1


if __name__ == "__main__":
    sys.exit(main())
