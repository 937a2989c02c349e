#!/usr/bin/env python3
"""Send the weekly hospice family update e-mails.

Each patient's primary nurse writes a short family-friendly summary in the
field app; the app exports them as updates/<mrn>.json.  This tool merges
the summaries with the family contact list (contacts.csv), renders the
plain-text and HTML bodies from templates/ and hands them to the agency's
transactional mail provider.  Contacts who opted out are skipped, and a
send ledger keeps re-runs from mailing a family twice in the same week.

Config (family_update.toml):

    [mail]
    api_url = "https://api.relaymail.net/v3/messages"
    from = "Riverbend Hospice Care Team <care-team@riverbendhospice.org>"
    reply_to = "office@riverbendhospice.org"
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import string
import sys
import tomllib
from pathlib import Path

import requests

LOG = logging.getLogger("family_update")


def load_config(path):
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def load_contacts(path):
    contacts = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("opt_out", "").strip().lower() in ("y", "yes", "1", "true"):
                continue
            contacts.setdefault(row["patient_mrn"], []).append(row)
    return contacts


def iter_updates(update_dir):
    for p in sorted(Path(update_dir).glob("*.json")):
        try:
            doc = json.loads(p.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            LOG.warning("skipping %s: %s", p.name, exc)
            continue
        if not doc.get("approved_by"):
            LOG.info("skipping %s: summary not yet approved", p.name)
            continue
        yield doc


class Renderer:
    def __init__(self, template_dir):
        tdir = Path(template_dir)
        self.text = string.Template((tdir / "update.txt").read_text(encoding="utf-8"))
        self.html = string.Template((tdir / "update.html").read_text(encoding="utf-8"))

    @staticmethod
    def _escape(s):
        return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                 .replace('"', "&quot;"))

    def render(self, update, contact):
        fields = {
            "family_name": contact["first_name"],
            "patient_first": update["patient_first_name"],
            "nurse": update["nurse_name"],
            "week_of": update["week_of"],
            "summary": update["summary"],
            "next_visit": update.get("next_visit", "to be confirmed"),
            "office_phone": update.get("office_phone", ""),
        }
        html_fields = {k: self._escape(str(v)) for k, v in fields.items()}
        return self.text.substitute(fields), self.html.substitute(html_fields)


class Ledger:
    """Tiny JSON ledger of (week, patient, address) already mailed."""

    def __init__(self, path):
        self.path = Path(path)
        self.sent = set(json.loads(self.path.read_text())) if self.path.exists() else set()

    @staticmethod
    def key(week, mrn, email):
        return hashlib.md5(f"{week}|{mrn}|{email.lower()}".encode()).hexdigest()

    def seen(self, k):
        return k in self.sent

    def add(self, k):
        self.sent.add(k)

    def save(self):
        self.path.write_text(json.dumps(sorted(self.sent)))
        os.chmod(self.path, 0o600)


def send_message(session, cfg, to_addr, subject, text, html):
    resp = session.post(cfg["api_url"], timeout=20, json={
        "from": cfg["from"], "reply_to": cfg.get("reply_to"),
        "to": [to_addr], "subject": subject, "text": text, "html": html,
        "tags": ["family-update"],
    })
    resp.raise_for_status()
    return resp.json().get("id")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send weekly hospice family updates")
    ap.add_argument("--config", default="family_update.toml")
    ap.add_argument("--contacts", default="contacts.csv")
    ap.add_argument("--updates", default="updates")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--ledger", default=".family_update_ledger.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)["mail"]
    key = os.environ.get("RELAYMAIL_API_KEY")
    if not key and not args.dry_run:
        LOG.error("RELAYMAIL_API_KEY not set")
        return 2

    contacts = load_contacts(args.contacts)
    renderer = Renderer(args.templates)
    ledger = Ledger(args.ledger)
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {key}"

    sent = skipped = failed = 0
    for upd in iter_updates(args.updates):
        for c in contacts.get(upd["mrn"], []):
            k = Ledger.key(upd["week_of"], upd["mrn"], c["email"])
            if ledger.seen(k):
                skipped += 1
                continue
            text, html = renderer.render(upd, c)
            subject = f"This week with {upd['patient_first_name']} - {upd['week_of']}"
            if args.dry_run:
                print(f"--- to {c['email']}: {subject}\n{text}\n")
                continue
            try:
                msg_id = send_message(session, cfg, c["email"], subject, text, html)
                ledger.add(k)
                sent += 1
                LOG.info("sent %s to %s (%s)", upd["mrn"], c["email"], msg_id)
            except requests.RequestException as exc:
                failed += 1
                LOG.error("send to %s failed: %s", c["email"], exc)
    if not args.dry_run:
        ledger.save()
    LOG.info("%d sent, %d already sent, %d failed (%s)", sent, skipped, failed, dt.date.today())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
