#!/usr/bin/env python3
"""Grooming invoice sender.

Takes the day's completed grooming appointments (JSON export from the salon
diary), renders an invoice per owner and sends it through the Postmark API.
A delivery summary is written next to the export so the front desk can
chase bounced invoices the next morning.

    POSTMARK_SERVER_TOKEN=... ./grooming_invoice_sender.py appointments.json
"""
import argparse
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from string import Template

import requests

log = logging.getLogger("invoices")

POSTMARK_URL = "https://api.postmarkapp.com/email"
CONFIG_FILE = Path("mailer.json")
DEFAULT_CONFIG = {
    "from": "accounts@wagsandwhiskers-grooming.co.uk",
    "salon": "Wags & Whiskers Grooming",
    "vat_rate": "0.20",
}

BODY = Template("""Hi $owner,

Thanks for bringing $pets to $salon today. Your invoice is below.

$lines

Subtotal: £$subtotal
VAT:      £$vat
Total:    £$total

Payment is due within 14 days. Reply to this email with any questions.
""")


def load_config():
    cfg = dict(DEFAULT_CONFIG)
    if CONFIG_FILE.exists():
        cfg.update(json.loads(CONFIG_FILE.read_text()))
    return cfg


def group_by_owner(appointments):
    owners = defaultdict(list)
    for appt in appointments:
        if appt.get("status") == "completed" and appt.get("owner_email"):
            owners[appt["owner_email"]].append(appt)
    return owners


def render(cfg, appts):
    rate = Decimal(cfg["vat_rate"])
    lines, subtotal = [], Decimal("0")
    for a in appts:
        price = Decimal(str(a["price"]))
        subtotal += price
        lines.append(f"  {a['pet_name']:<12} {a['service']:<28} £{price:>7.2f}")
    vat = (subtotal * rate).quantize(Decimal("0.01"))
    return BODY.substitute(owner=appts[0]["owner_name"], salon=cfg["salon"],
                           pets=" and ".join(sorted({a["pet_name"] for a in appts})),
                           lines="\n".join(lines), subtotal=f"{subtotal:.2f}",
                           vat=f"{vat:.2f}", total=f"{subtotal + vat:.2f}")


class Mailer:
    def __init__(self, token, cfg):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers.update({"X-Postmark-Server-Token": token,
                                     "Accept": "application/json"})

    def send(self, to, subject, body):
        resp = self.session.post(POSTMARK_URL, timeout=20, json={
            "From": self.cfg["from"], "To": to, "Subject": subject,
            "TextBody": body, "MessageStream": "outbound", "Tag": "grooming-invoice",
        })
        resp.raise_for_status()
        return resp.json().get("MessageID")


def write_summary(export_path, results):
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    out = export_path.with_name(f"delivery-{stamp}.json")
    out.write_text(json.dumps(results, indent=2))
    os.chmod(out, 0o600)
    log.info("delivery summary written to %s", out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Email grooming invoices")
    ap.add_argument("appointments", type=Path)
    ap.add_argument("--dry-run", action="store_true", help="print instead of sending")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config()
    token = os.environ.get("POSTMARK_SERVER_TOKEN")
    if not token and not args.dry_run:
        log.error("POSTMARK_SERVER_TOKEN is not set")
        return 1

    appointments = json.loads(args.appointments.read_text())
    mailer = Mailer(token or "", cfg)
    results = []
    for email, appts in group_by_owner(appointments).items():
        body = render(cfg, appts)
        subject = f"{cfg['salon']} invoice - {appts[0]['date']}"
        if args.dry_run:
            print(f"--- {email}\n{body}")
            continue
        try:
            msg_id = mailer.send(email, subject, body)
            results.append({"to": email, "ok": True, "id": msg_id})
            log.info("sent invoice to %s", email)
        except requests.RequestException as exc:
            results.append({"to": email, "ok": False, "error": str(exc)})
            log.error("failed for %s: %s", email, exc)

    if results:
        write_summary(args.appointments, results)
    return 0 if all(r["ok"] for r in results) else 2


if __name__ == "__main__":
    sys.exit(main())
