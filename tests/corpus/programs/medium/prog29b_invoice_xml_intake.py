#!/usr/bin/env python3
"""Invoice intake endpoint for supplier XML uploads.

Suppliers POST UBL-ish invoice documents to /invoices.  The handler
parses them, pulls out header totals, and appends a summary row to
intake.csv in the working directory for the accounts team.
"""
import argparse
import csv
import json
import logging
import os
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from lxml import etree

LOG = logging.getLogger("invoice-intake")
MAX_BODY = 2 * 1024 * 1024
LEDGER = "intake.csv"
NS = {"inv": "urn:example:invoice:1"}

# Supplier documents reference shared entity files for currency and
# address blocks, so DTD loading and entity expansion are switched on.
PARSER = etree.XMLParser(
    load_dtd=True,
    resolve_entities=True,
    no_network=False,
    remove_blank_text=True,
)


class InvoiceError(Exception):
    pass


def text_of(root, path, required=True):
    node = root.find(path, NS)
    if node is None or node.text is None:
        if required:
            raise InvoiceError(f"missing element {path}")
        return ""
    return node.text.strip()


def parse_invoice(body: bytes) -> dict:
    try:
        root = etree.fromstring(body, PARSER)
    except etree.XMLSyntaxError as exc:
        raise InvoiceError(f"malformed XML: {exc}") from exc
    summary = {
        "number": text_of(root, "inv:Number"),
        "supplier": text_of(root, "inv:Supplier/inv:Name"),
        "currency": text_of(root, "inv:Currency", required=False) or "EUR",
        "total": text_of(root, "inv:Totals/inv:Gross"),
        "note": text_of(root, "inv:Note", required=False),
    }
    try:
        summary["total"] = f"{float(summary['total']):.2f}"
    except ValueError as exc:
        raise InvoiceError("total is not a number") from exc
    return summary


def append_ledger(summary: dict) -> None:
    new_file = not os.path.exists(LEDGER)
    with open(LEDGER, "a", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["received", *summary.keys()])
        if new_file:
            writer.writeheader()
        writer.writerow({"received": datetime.now(timezone.utc).isoformat(), **summary})


class IntakeHandler(BaseHTTPRequestHandler):
    server_version = "InvoiceIntake/1.3"

    def _reply(self, code: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/healthz":
            self._reply(200, {"ok": True})
        else:
            self._reply(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/invoices":
            self._reply(404, {"error": "not found"})
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length <= 0 or length > MAX_BODY:
            self._reply(413, {"error": "body size out of range"})
            return
        body = self.rfile.read(length)
        try:
            summary = parse_invoice(body)
        except InvoiceError as exc:
            LOG.info("rejected upload from %s: %s", self.client_address[0], exc)
            self._reply(422, {"error": str(exc)})
            return
        append_ledger(summary)
        LOG.info("accepted invoice %s from %s", summary["number"], summary["supplier"])
        self._reply(201, {"accepted": summary})

    def log_message(self, fmt, *args):
        LOG.debug("%s - " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), IntakeHandler)
    LOG.info("listening on 127.0.0.1:%d", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
