#!/usr/bin/env python3
"""Commission notifier.

Watches the finished-work list and sends one message per finished
commission to the guild's messaging service so patrons know their piece
is ready for collection.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("notifier")

SERVICE = {
    "endpoint": "https://api.example.com/v1/messages",
    "key_env": "GUILD_MSG_API_KEY",
    "timeout": 20,
}
SENT_LOG = ".notified"

TEMPLATES = {
    "ready": "Good day {patron}, your {item} is finished and ready at the {smith} bench.",
    "delayed": "Good day {patron}, your {item} needs a few more days at the forge.",
}


def row_key(row):
    """Stable key so the same commission is only announced once."""
    raw = "|".join([row.get("id", ""), row.get("status", "")])
    return hashlib.md5(raw.encode()).hexdigest()


def load_sent(path):
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as fh:
        return {line.strip() for line in fh if line.strip()}


class MessageClient:
    def __init__(self, endpoint, api_key, timeout):
        self.endpoint = endpoint
        self.api_key = api_key
        self.timeout = timeout

    def send(self, to, text):
        body = json.dumps({"to": to, "text": text}).encode()
        req = urllib.request.Request(self.endpoint, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": "Bearer " + self.api_key,
        })
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("finished", nargs="?", default="finished.csv")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get(SERVICE["key_env"])
    if not api_key and not args.dry_run:
        LOG.error("set %s first", SERVICE["key_env"])
        return 2
    client = MessageClient(SERVICE["endpoint"], api_key or "", SERVICE["timeout"])
    sent = load_sent(SENT_LOG)

    with open(args.finished, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    with open(SENT_LOG, "a", encoding="utf-8") as log_fh:
        for row in rows:
            key = row_key(row)
            template = TEMPLATES.get(row.get("status", ""))
            if key in sent or template is None or not row.get("contact"):
                continue
            text = template.format(**row)
            if args.dry_run:
                LOG.info("would notify %s: %s", row["contact"], text)
                continue
            try:
                client.send(row["contact"], text)
            except urllib.error.URLError as exc:
                LOG.error("commission %s: %s", row.get("id"), exc)
                continue
            log_fh.write(key + "\n")
            LOG.info("notified patron of commission %s", row.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
