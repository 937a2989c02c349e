#!/usr/bin/env python3
"""Send buyer premium invoices to the invoicing service.

Takes the PDF invoices rendered by the catalogue system (./invoices/*.pdf plus
a matching .json with the totals), base64-encodes each PDF as an attachment
and posts it to the invoicing service, which emails it to the buyer.
"""
import argparse
import base64
import json
import logging
import os
import platform
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("invsend")

SERVICE_URL = os.environ.get("INVOICING_URL", "https://invoicing.example.com/api/invoices")


def os_description():
    """Short OS string for the User-Agent, read from /etc/os-release."""
    try:
        with open("/etc/os-release") as fh:
            fields = dict(line.rstrip().split("=", 1) for line in fh if "=" in line)
        return fields.get("PRETTY_NAME", "linux").strip('"')
    except OSError:
        return platform.system()


class InvoicingClient:
    def __init__(self, url, api_key, timeout=30):
        self.url = url
        self.timeout = timeout
        self.headers = {
            "Content-Type": "application/json",
            "Authorization": "Token " + api_key,
            "User-Agent": "premium-sender/2.0 (%s)" % os_description(),
        }

    def send(self, payload):
        req = urllib.request.Request(self.url, data=json.dumps(payload).encode(),
                                     headers=self.headers, method="POST")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")


def build_payload(pdf: Path):
    meta = json.loads(pdf.with_suffix(".json").read_text())
    return {
        "invoice_number": meta["number"],
        "buyer_id": meta["buyer_id"],
        "sale_id": meta["sale_id"],
        "hammer_total": meta["hammer_total"],
        "premium": meta["premium"],
        "vat": meta["vat"],
        "attachment": {
            "filename": pdf.name,
            "content_type": "application/pdf",
            # plain transport encoding of the PDF bytes
            "data": base64.b64encode(pdf.read_bytes()).decode("ascii"),
        },
    }


def load_sent(path):
    if path.exists():
        return set(path.read_text().split())
    return set()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="invoices")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("INVOICING_API_KEY")
    if not api_key and not args.dry_run:
        log.error("INVOICING_API_KEY is not set")
        return 2

    folder = Path(args.dir)
    sent_log = folder / "sent.txt"
    already = load_sent(sent_log)
    client = InvoicingClient(SERVICE_URL, api_key or "")

    sent = failed = 0
    for pdf in sorted(folder.glob("*.pdf")):
        if pdf.stem in already:
            continue
        try:
            payload = build_payload(pdf)
        except (OSError, ValueError, KeyError) as exc:
            log.warning("skipping %s: %s", pdf.name, exc)
            failed += 1
            continue
        if args.dry_run:
            log.info("would send %s (%d bytes)", pdf.name, len(payload["attachment"]["data"]))
            continue
        try:
            result = client.send(payload)
        except (urllib.error.URLError, ValueError) as exc:
            log.warning("send failed for %s: %s", pdf.name, exc)
            failed += 1
            continue
        with open(sent_log, "a") as fh:
            fh.write(pdf.stem + "\n")
        log.info("sent %s -> %s", pdf.name, result.get("id", "?"))
        sent += 1

    log.info("%d sent, %d failed", sent, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
