#!/usr/bin/env python3
"""Submit interpreting invoices to the council e-invoicing portal.

Each council invoice is a JSON summary plus the PDF copy. The portal takes
the PDF base64-encoded inside the JSON body. The API key is issued per
supplier and read from the environment; it is only ever sent to the portal.
"""
import argparse
import base64
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("einvoice")

PORTAL = os.environ.get("COUNCIL_PORTAL_URL", "https://einvoicing.example.com/api/v1")
SUPPLIER_ID = os.environ.get("COUNCIL_SUPPLIER_ID", "SUP-00000")


class PortalClient:
    def __init__(self, base_url, api_key, timeout=30):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "X-Api-Key": api_key,
            "Accept": "application/json",
        })
        self.timeout = timeout

    def submit(self, invoice, pdf_bytes):
        body = {
            "supplier": SUPPLIER_ID,
            "invoice": invoice,
            "attachment": {
                "filename": f"{invoice['number']}.pdf",
                "content_type": "application/pdf",
                "data": base64.b64encode(pdf_bytes).decode("ascii"),
            },
        }
        resp = self.session.post(f"{self.base_url}/invoices", json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()["submission_id"]

    def status(self, submission_id):
        resp = self.session.get(f"{self.base_url}/submissions/{submission_id}",
                                timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("state", "unknown")


def load_invoices(folder):
    """Pairs of (invoice json, pdf path) from the invoice run output."""
    for meta in sorted(Path(folder).glob("*.json")):
        pdf = meta.with_suffix(".pdf")
        if not pdf.exists():
            log.warning("no PDF for %s, skipping", meta.name)
            continue
        yield json.loads(meta.read_text()), pdf


def wait_for_acceptance(client, submission_id, attempts=6, delay=10):
    for _ in range(attempts):
        state = client.status(submission_id)
        if state in ("accepted", "rejected"):
            return state
        time.sleep(delay)
    return "pending"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", help="folder with invoice .json/.pdf pairs")
    parser.add_argument("--no-wait", action="store_true", help="do not poll for acceptance")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("COUNCIL_PORTAL_KEY")
    if not api_key:
        log.error("COUNCIL_PORTAL_KEY not set")
        return 2

    client = PortalClient(PORTAL, api_key)
    results = {}
    for invoice, pdf in load_invoices(args.folder):
        number = invoice.get("number", pdf.stem)
        try:
            sub_id = client.submit(invoice, pdf.read_bytes())
            state = "submitted" if args.no_wait else wait_for_acceptance(client, sub_id)
        except requests.RequestException as exc:
            log.error("invoice %s failed: %s", number, exc)
            state = "error"
        results[number] = state
        log.info("invoice %s: %s", number, state)

    Path("submission-log.json").write_text(json.dumps(results, indent=2))
    failed = [n for n, s in results.items() if s in ("error", "rejected")]
    if failed:
        log.warning("%d invoices need attention: %s", len(failed), ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
