#!/usr/bin/env python3
"""Send tomorrow's grooming reminders by email through SendGrid.

The evening wrapper script exports REMINDER_TSV (the list it pulled from
the calendar) and SENDGRID_API_KEY; results are written to
reminders.status as shell variables the wrapper reads back.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("reminders")

API_URL = "https://api.sendgrid.com/v3/mail/send"
SENT_CACHE = ".reminders_sent.json"

BODY = ("Hi {owner},\n\nThis is a reminder that {dog} is booked for a "
        "{service} tomorrow at {time}. The van will park outside {address}.\n"
        "Reply to this email if you need to reschedule.\n\nSee you soon!")


def load_rows(path):
    rows = []
    with open(path) as fh:
        header = fh.readline().rstrip("\n").split("\t")
        for line in fh:
            values = line.rstrip("\n").split("\t")
            if len(values) == len(header):
                rows.append(dict(zip(header, values)))
    return rows


def load_cache():
    try:
        with open(SENT_CACHE) as fh:
            return set(json.load(fh))
    except (OSError, ValueError):
        return set()


def save_cache(keys):
    with open(SENT_CACHE, "w") as fh:
        json.dump(sorted(keys), fh)
    os.chmod(SENT_CACHE, 0o600)


def cache_key(row):
    raw = "|".join([row.get("email", ""), row.get("date", ""),
                    row.get("time", "")])
    return hashlib.md5(raw.encode()).hexdigest()


def send(row, sender, api_key, timeout):
    payload = {
        "personalizations": [{"to": [{"email": row["email"]}]}],
        "from": {"email": sender},
        "subject": "Grooming reminder for %s" % row.get("dog", "your dog"),
        "content": [{"type": "text/plain", "value": BODY.format(**row)}],
    }
    req = urllib.request.Request(
        API_URL, data=json.dumps(payload).encode(), method="POST",
        headers={"Authorization": "Bearer " + api_key,
                 "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main(argv=None):
    p = argparse.ArgumentParser(description="Email tomorrow's reminders")
    p.add_argument("--tsv", default=os.environ.get("REMINDER_TSV",
                                                   "tomorrow.tsv"))
    p.add_argument("--sender", default="bookings@example.com")
    p.add_argument("--timeout", type=float, default=15.0)
    p.add_argument("-n", "--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("SENDGRID_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("SENDGRID_API_KEY is not set")
        return 1
    try:
        rows = load_rows(args.tsv)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.tsv, exc)
        return 1

    sent_keys, sent, failed, skipped = load_cache(), 0, 0, 0
    for row in rows:
        key = cache_key(row)
        if key in sent_keys:
            skipped += 1
            continue
        if args.dry_run:
            print("would remind", row.get("owner"), "<%s>" % row.get("email"))
            continue
        try:
            send(row, args.sender, api_key, args.timeout)
            sent_keys.add(key)
            sent += 1
        except (urllib.error.URLError, KeyError) as exc:
            LOG.warning("reminder to %s failed: %s", row.get("email"), exc)
            failed += 1
    save_cache(sent_keys)
    with open("reminders.status", "w") as fh:
        fh.write("SENT=%d\nFAILED=%d\nSKIPPED=%d\n" % (sent, failed, skipped))
    LOG.info("sent=%d failed=%d skipped=%d", sent, failed, skipped)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
