#!/usr/bin/env python3
"""Poll the Patroni REST API for replica lag and publish a component status.

The Patroni /cluster endpoint is read with a plain GET; the overall state is
then pushed to the status page API using STATUSPAGE_API_KEY, which is sent
only to that API.
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.request

LOG = logging.getLogger("lagwatch")
STATUSPAGE_BASE = "https://api.statuspage.io/v1"


def fetch_cluster(patroni_url, timeout):
    with urllib.request.urlopen(f"{patroni_url.rstrip('/')}/cluster", timeout=timeout) as resp:
        return json.load(resp)


def summarize(cluster, warn_bytes, crit_bytes):
    worst = "operational"
    details = []
    for member in cluster.get("members", []):
        role = member.get("role")
        lag = member.get("lag", 0)
        if isinstance(lag, str):
            lag = crit_bytes + 1  # "unknown" lag counts as critical
        details.append(f"{member.get('name')}({role}) lag={lag}")
        if role == "leader":
            continue
        if lag > crit_bytes:
            worst = "major_outage"
        elif lag > warn_bytes and worst == "operational":
            worst = "degraded_performance"
    if not any(m.get("role") == "leader" for m in cluster.get("members", [])):
        worst = "major_outage"
        details.append("no leader elected")
    return worst, details


class StatusPage:
    def __init__(self, page_id, api_key):
        self.page_id = page_id
        self.api_key = api_key

    def set_component(self, component_id, status, description):
        url = f"{STATUSPAGE_BASE}/pages/{self.page_id}/components/{component_id}"
        body = json.dumps({"component": {"status": status, "description": description[:255]}})
        req = urllib.request.Request(url, data=body.encode(), method="PATCH")
        req.add_header("Authorization", f"OAuth {self.api_key}")
        req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--patroni", default="http://127.0.0.1:8008")
    ap.add_argument("--page-id", required=True)
    ap.add_argument("--component-id", required=True)
    ap.add_argument("--warn-bytes", type=int, default=16 * 1024 * 1024)
    ap.add_argument("--crit-bytes", type=int, default=256 * 1024 * 1024)
    ap.add_argument("--interval", type=int, default=0, help="loop every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("STATUSPAGE_API_KEY")
    if not api_key:
        LOG.error("STATUSPAGE_API_KEY is not set")
        return 2
    page = StatusPage(args.page_id, api_key)
    last = None
    while True:
        try:
            status, details = summarize(fetch_cluster(args.patroni, 5), args.warn_bytes, args.crit_bytes)
            LOG.info("%s: %s", status, "; ".join(details))
            if status != last:
                page.set_component(args.component_id, status, "; ".join(details))
                last = status
        except (OSError, ValueError) as exc:
            LOG.warning("poll failed: %s", exc)
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
