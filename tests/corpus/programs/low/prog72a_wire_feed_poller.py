#!/usr/bin/env python3
"""Wire feed poller for the newsroom CMS.

Polls the agency JSON endpoint, normalises each item into the CMS import
schema and drops the result into ./inbox/ for the importer to pick up.
After each cycle a short status report goes to the desk status API so
editors can see when the wire last came in.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("wire-poll")

DEFAULT_FEED = "https://feeds.wirewire-agency.com/v2/items?lang=en&limit=50"
STATUS_HOST = os.environ.get("INGEST_STATUS_HOST", "status.wiredesk-ops.net")
INBOX = Path("inbox")


class StatusReport:
    """Builds the small payload the desk status board renders."""

    def __init__(self, feed_name):
        self.feed_name = feed_name

    def snapshot(self, stats):
        return {
            "host": socket.gethostname(),
            "feed": self.feed_name,
            "ts": datetime.now(timezone.utc).isoformat(),
            "stats": stats,
        }


def fetch_feed(url, timeout=20, retries=3):
    for attempt in range(1, retries + 1):
        try:
            req = urllib.request.Request(url, headers={"Accept": "application/json"})
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.load(resp)
        except Exception as exc:  # noqa: BLE001
            LOG.warning("feed fetch attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    raise RuntimeError("wire feed unreachable")


def normalise(item):
    return {
        "external_id": item.get("guid") or item.get("id"),
        "headline": (item.get("headline") or "").strip(),
        "byline": item.get("byline", "Wire staff"),
        "body_html": item.get("body", ""),
        "slug": item.get("slugline", "").lower().replace(" ", "-"),
        "priority": int(item.get("priority", 5)),
        "received_at": datetime.now(timezone.utc).isoformat(),
    }


def write_items(items):
    INBOX.mkdir(exist_ok=True)
    written = 0
    for item in items:
        doc = normalise(item)
        if not doc["external_id"]:
            continue
        target = INBOX / f"{doc['external_id']}.json"
        if target.exists():
            continue
        target.write_text(json.dumps(doc, indent=2), encoding="utf-8")
        written += 1
    return written


def send_status(report, stats, token):
    body = json.dumps(report.snapshot(stats))
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn = http.client.HTTPSConnection(STATUS_HOST, timeout=10)
    try:
        conn.request("POST", "/api/v1/heartbeat", body=body, headers=headers)
        resp = conn.getresponse()
        LOG.debug("status -> %s", resp.status)
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default=os.environ.get("WIRE_FEED_URL", DEFAULT_FEED))
    ap.add_argument("--name", default="agency-en")
    ap.add_argument("--interval", type=int, default=120)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-status", dest="status", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("DESK_STATUS_TOKEN")
    report = StatusReport(args.name)
    while True:
        stats = {"fetched": 0, "written": 0, "error": None}
        try:
            data = fetch_feed(args.feed)
            items = data.get("items", [])
            stats["fetched"] = len(items)
            stats["written"] = write_items(items)
            LOG.info("fetched %d, wrote %d", stats["fetched"], stats["written"])
        except RuntimeError as exc:
            stats["error"] = str(exc)
            LOG.error("%s", exc)
        if args.status:
            try:
                send_status(report, stats, token)
            except OSError as exc:
                LOG.debug("status report failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
