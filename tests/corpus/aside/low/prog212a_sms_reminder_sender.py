#!/usr/bin/env python3
"""Send appointment reminder texts for tomorrow.

Reads tomorrow's appointment export (./exports/reminders_<date>.csv, written
by the nightly export script), and posts one reminder per patient to the
clinic's SMS provider API. The API key comes from SMS_API_KEY in the
environment and is sent only to that API. Already-sent reminders are
remembered in a small cache file so a rerun does not text anyone twice.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("sms_reminders")

API_URL = "https://api.sms.example.com/v1/messages"
SENT_CACHE = "./.cache/sms_sent.json"
TEMPLATE = ("Hi {first_name}, this is Bright Smile Dental reminding you of your "
            "appointment on {date} at {time}. Reply C to confirm or call us to reschedule.")


class SmsClient:
    def __init__(self, url, api_key, sender):
        self.url = url
        self.api_key = api_key
        self.sender = sender

    def send(self, to, text):
        body = json.dumps({"from": self.sender, "to": to, "text": text}).encode()
        req = urllib.request.Request(
            self.url,
            data=body,
            method="POST",
            headers={"Content-Type": "application/json",
                     "Authorization": f"Bearer {self.api_key}"},
        )
        with urllib.request.urlopen(req, timeout=15) as resp:
            return json.loads(resp.read() or b"{}")


class SentCache:
    def __init__(self, path):
        self.path = path
        self.keys = set()
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                self.keys = set(json.load(fh))

    @staticmethod
    def key(phone, date, time):
        # cache key only
        return hashlib.md5(f"{phone}|{date}|{time}".encode()).hexdigest()

    def save(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        with open(self.path, "w", encoding="utf-8") as fh:
            json.dump(sorted(self.keys), fh)
        os.chmod(self.path, 0o600)


def load_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("sms_opt_in", "").lower() in ("y", "yes", "1", "true") and row.get("phone"):
                yield row


def main(argv=None):
    tomorrow = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    parser = argparse.ArgumentParser(description="Send SMS appointment reminders")
    parser.add_argument("--date", default=tomorrow)
    parser.add_argument("--sender", default=os.environ.get("SMS_SENDER", "BrightSmile"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("SMS_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("SMS_API_KEY is not set")
        return 1
    csv_path = f"./exports/reminders_{args.date}.csv"
    if not os.path.exists(csv_path):
        LOG.error("no export at %s", csv_path)
        return 1

    client = SmsClient(API_URL, api_key, args.sender)
    cache = SentCache(SENT_CACHE)
    sent = skipped = failed = 0
    for row in load_rows(csv_path):
        k = SentCache.key(row["phone"], args.date, row["time"])
        if k in cache.keys:
            skipped += 1
            continue
        text = TEMPLATE.format(first_name=row["first_name"], date=args.date, time=row["time"])
        if args.dry_run:
            LOG.info("would text %s: %s", row["phone"][-4:].rjust(len(row["phone"]), "*"), text)
            continue
        try:
            result = client.send(row["phone"], text)
            LOG.info("sent to chart %s (id %s)", row.get("chart_no"), result.get("id"))
            cache.keys.add(k)
            sent += 1
        except (urllib.error.URLError, OSError, ValueError) as exc:
            LOG.warning("failed for chart %s: %s", row.get("chart_no"), exc)
            failed += 1
    cache.save()
    LOG.info("sent=%d skipped=%d failed=%d", sent, skipped, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
