#!/usr/bin/env python3
"""toll_event_push - forward spooled toll events to the billing API.

The lane controller writes one JSON file per vehicle pass into ./spool.
This tool batches them, posts each batch to the billing API with the site's
API key and removes the spool files the API acknowledged.
"""

import argparse
import json
import logging
import os
import platform
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("eventpush")

API = {
    "base": "https://billing-api.example.com",
    "route": "/v2/events/batch",
    "key_env": "TOLL_API_KEY",
    "timeout": 15,
}
BATCH = 50


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


class BillingClient:
    def __init__(self, key, site):
        self.url = API["base"] + API["route"]
        self.headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {key}",
            "X-Site": site,
            "User-Agent": f"toll-event-push/2.0 ({cpu_model()})",
        }

    def post(self, events):
        body = json.dumps({"events": events}).encode()
        req = urllib.request.Request(self.url, data=body, headers=self.headers, method="POST")
        with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
            return json.loads(resp.read() or b"{}")


def load_spool(spool):
    items = []
    for p in sorted(spool.glob("*.json")):
        try:
            items.append((p, json.loads(p.read_text())))
        except (OSError, json.JSONDecodeError) as exc:
            LOG.warning("unreadable spool file %s: %s", p.name, exc)
            p.rename(p.with_suffix(".bad"))
    return items


def chunks(seq, n):
    for i in range(0, len(seq), n):
        yield seq[i:i + n]


def push(client, items, dry_run):
    sent = 0
    for batch in chunks(items, BATCH):
        events = [ev for _, ev in batch]
        if dry_run:
            LOG.info("dry-run: would post %d events", len(events))
            continue
        for attempt in range(3):
            try:
                ack = client.post(events)
                break
            except (urllib.error.URLError, OSError) as exc:
                LOG.warning("post failed (attempt %d): %s", attempt + 1, exc)
                time.sleep(2 ** attempt)
        else:
            LOG.error("giving up on batch, files kept for next run")
            return sent
        accepted = set(ack.get("accepted", []))
        for path, ev in batch:
            if ev.get("event_id") in accepted:
                path.unlink()
                sent += 1
    return sent


def main(argv=None):
    ap = argparse.ArgumentParser(description="Push spooled toll events")
    ap.add_argument("--spool", default="./spool")
    ap.add_argument("--site", default=os.environ.get("TOLL_SITE", "G-000"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get(API["key_env"])
    if not key:
        LOG.error("%s is not set", API["key_env"])
        return 64
    items = load_spool(Path(args.spool))
    if not items:
        LOG.info("spool empty")
        return 0
    sent = push(BillingClient(key, args.site), items, args.dry_run)
    LOG.info("%d of %d event(s) acknowledged", sent, len(items))
    return 0 if sent == len(items) or args.dry_run else 1


if __name__ == "__main__":
    sys.exit(main())
