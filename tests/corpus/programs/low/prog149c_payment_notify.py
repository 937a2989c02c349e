#!/usr/bin/env python3
"""Email payment receipts to parents through the portal's mail API.

For each paid invoice in the export, builds a PDF receipt (already rendered
by the office system into ./receipts), base64-encodes it as an attachment
and posts a send request to the mail API. The API key comes from the
environment and is only ever sent to that API.
"""
import argparse
import base64
import csv
import json
import logging
import os
import platform
import sys
import tempfile
import urllib.error
import urllib.request

log = logging.getLogger("receipts")

MAIL_API = "https://mail.example.com/v3/send"
RECEIPT_DIR = "receipts"


def os_label():
    """Short OS description for the User-Agent header."""
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()


class MailClient:
    def __init__(self, api_key, endpoint=MAIL_API):
        self.api_key = api_key
        self.endpoint = endpoint
        self.agent = f"studio-receipts/2.0 ({os_label()})"

    def send(self, to, subject, text, attachment_name, attachment_bytes):
        payload = {
            "to": [{"email": to}],
            "from": {"email": "office@studio.example.com", "name": "Studio Office"},
            "subject": subject,
            "text": text,
            "attachments": [{
                "filename": attachment_name,
                "type": "application/pdf",
                "content": base64.b64encode(attachment_bytes).decode("ascii"),
            }],
        }
        req = urllib.request.Request(
            self.endpoint,
            data=json.dumps(payload).encode("utf-8"),
            headers={"Authorization": f"Bearer {self.api_key}",
                     "Content-Type": "application/json",
                     "User-Agent": self.agent},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status


def write_sent_log(sent, path="receipts_sent.csv"):
    # write to a temp file in the same folder, then swap it in atomically
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, newline="",
                                     suffix=".tmp", encoding="utf-8") as tmp:
        writer = csv.writer(tmp)
        writer.writerow(["invoice", "email", "status"])
        writer.writerows(sent)
    os.replace(tmp.name, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("invoices", help="CSV export with invoice,email,family,status")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("MAIL_API_KEY")
    if not api_key and not args.dry_run:
        log.error("MAIL_API_KEY is not set")
        return 2
    client = MailClient(api_key or "")

    sent = []
    with open(args.invoices, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status") != "paid":
                continue
            pdf = os.path.join(RECEIPT_DIR, f"{row['invoice']}.pdf")
            if not os.path.exists(pdf):
                log.warning("no receipt PDF for %s", row["invoice"])
                continue
            if args.dry_run:
                log.info("would send %s to %s", pdf, row["email"])
                continue
            with open(pdf, "rb") as pf:
                data = pf.read()
            try:
                status = client.send(row["email"], f"Receipt {row['invoice']}",
                                     f"Dear {row['family']} family,\nthank you for your payment.",
                                     os.path.basename(pdf), data)
            except urllib.error.URLError as exc:
                log.error("send failed for %s: %s", row["invoice"], exc)
                status = "error"
            sent.append((row["invoice"], row["email"], status))

    if sent:
        write_sent_log(sent)
    log.info("%d receipt(s) processed", len(sent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
