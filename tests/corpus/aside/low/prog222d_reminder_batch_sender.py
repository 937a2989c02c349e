#!/usr/bin/env python3
"""Appointment reminder batch sender.

Asks the reminder service which of tomorrow's appointments still need a
reminder and queues SMS/e-mail reminders for them through the same API.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from datetime import date, timedelta

log = logging.getLogger("reminders")

API = {
    "base": "https://api.reminders.example.com",
    "pending": "/v2/appointments/pending-reminders",
    "queue": "/v2/reminders",
    "key_var": "REMINDER_API_KEY",
    "timeout": 20,
}

TEMPLATES = {
    "sms": "Hi {first}, reminder: {kind} at {clinic} on {when}. Reply C to confirm.",
    "email": "Dear {first},\n\nThis is a reminder of your {kind} appointment at {clinic} on {when}.",
}


class ReminderClient:
    def __init__(self, cfg):
        self.cfg = cfg
        key = os.environ.get(cfg["key_var"])
        if not key:
            raise RuntimeError(f"{cfg['key_var']} is not set")
        self._headers = {
            "Authorization": "Bearer " + key,
            "Accept": "application/json",
        }

    def _url(self, route, params=None):
        url = self.cfg["base"] + route
        if params:
            url += "?" + urllib.parse.urlencode(params)
        return url

    def _send(self, req):
        with urllib.request.urlopen(req, timeout=self.cfg["timeout"]) as resp:
            return json.loads(resp.read() or b"null")

    def pending(self, day):
        req = urllib.request.Request(self._url(self.cfg["pending"], {"date": day}),
                                     headers=self._headers, method="GET")
        return self._send(req) or []

    def queue(self, reminder):
        body = json.dumps(reminder).encode()
        headers = dict(self._headers, **{"Content-Type": "application/json"})
        req = urllib.request.Request(self._url(self.cfg["queue"]), data=body,
                                     headers=headers, method="POST")
        return self._send(req)


def render(appt, channel):
    return TEMPLATES[channel].format(
        first=appt.get("first_name", "there"),
        kind=appt.get("type", "dental"),
        clinic=appt.get("clinic_name", "our clinic"),
        when=appt.get("start", "tomorrow"),
    )


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--day", default=(date.today() + timedelta(days=1)).isoformat())
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        client = ReminderClient(API)
        appts = client.pending(args.day)
    except (RuntimeError, urllib.error.URLError, ValueError) as exc:
        log.error("cannot load pending reminders: %s", exc)
        return 1
    log.info("%d appointments need reminders for %s", len(appts), args.day)
    sent = failed = 0
    for appt in appts:
        channel = "sms" if appt.get("prefers_sms") else "email"
        reminder = {"appointment_id": appt.get("id"), "channel": channel,
                    "message": render(appt, channel)}
        if args.dry_run:
            print(json.dumps(reminder))
            continue
        try:
            client.queue(reminder)
            sent += 1
        except urllib.error.URLError as exc:
            failed += 1
            log.warning("appointment %s: %s", appt.get("id"), exc)
    log.info("queued=%d failed=%d", sent, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
