#!/usr/bin/env python3
"""Check that today's service livestreams are reachable and publish the
result to the status page.

For every service on today's schedule, the HLS playlist and the family
landing page are probed. Results go to our status page provider's API so
families see "Stream starting soon" or "Stream unavailable" accurately.
"""

import argparse
import json
import logging
import os
import sys
from datetime import date

import requests

LOG = logging.getLogger("stream-status")

STATUS_API = "https://api.statuspage.example.com/v1/components"
SCHEDULE_FILE = "services_today.json"


def load_schedule(path):
    with open(path, "r", encoding="utf-8") as fh:
        data = json.load(fh)
    today = date.today().isoformat()
    return [s for s in data.get("services", []) if s.get("date") == today]


def probe(session, url, method="HEAD", timeout=8):
    """Return (ok, status_code or error text)."""
    try:
        resp = session.request(method, url, timeout=timeout, allow_redirects=True)
        return resp.ok, resp.status_code
    except requests.RequestException as exc:
        return False, type(exc).__name__


def playlist_has_segments(session, url, timeout=8):
    try:
        resp = session.get(url, timeout=timeout)
        resp.raise_for_status()
    except requests.RequestException:
        return False
    return any(line.strip().endswith(".ts") for line in resp.text.splitlines())


class StatusPublisher:
    def __init__(self, api_key, base_url=STATUS_API):
        self.base_url = base_url
        self.session = requests.Session()
        # key only ever goes to the status page API
        self.session.headers.update({
            "Authorization": "Bearer %s" % api_key,
            "Content-Type": "application/json",
        })

    def publish(self, component_id, state, note):
        body = {"component": {"status": state, "description": note}}
        resp = self.session.patch("%s/%s" % (self.base_url, component_id),
                                  data=json.dumps(body), timeout=10)
        resp.raise_for_status()


def evaluate(session, service):
    page_ok, page_code = probe(session, service["landing_url"])
    pl_ok, pl_code = probe(session, service["playlist_url"])
    live = pl_ok and playlist_has_segments(session, service["playlist_url"])
    if live:
        return "operational", "Livestream is live"
    if page_ok:
        return "degraded_performance", "Stream starting soon (playlist %s)" % pl_code
    return "major_outage", "Stream unavailable (page %s)" % page_code


def main():
    parser = argparse.ArgumentParser(description="Livestream status checker")
    parser.add_argument("--schedule", default=SCHEDULE_FILE)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    api_key = os.environ.get("STATUSPAGE_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("STATUSPAGE_API_KEY is not set")
        return 1

    try:
        services = load_schedule(args.schedule)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read schedule: %s", exc)
        return 1

    probe_session = requests.Session()
    publisher = None if args.dry_run else StatusPublisher(api_key)

    for svc in services:
        state, note = evaluate(probe_session, svc)
        LOG.info("%s: %s (%s)", svc["family"], state, note)
        if publisher:
            try:
                publisher.publish(svc["component_id"], state, note)
            except requests.RequestException as exc:
                LOG.warning("publish failed for %s: %s", svc["family"], exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
