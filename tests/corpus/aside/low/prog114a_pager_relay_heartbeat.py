#!/usr/bin/env python3
"""Pager alert relay for lifeboat station volunteers.

Polls the coastguard tasking feed for the station and relays every new
launch request to the crew pager service.  Every few cycles it also posts a
heartbeat to the pager service's own status endpoint, so the pager console
shows the station relay as online.

Config is read from relay.ini (section [relay]); anything missing falls
back to DEFAULTS below.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("pager_relay")

DEFAULTS = {
    "feed_url": "https://tasking.coastops.example.org/api/v2/station/{station}/incidents",
    "pager_url": "https://api.crewpager.example.net/v1/messages",
    "status_path": "/v1/relays/heartbeat",
    "poll_seconds": "20",
    "heartbeat_every": "15",
    "station": "ST-042",
    "state_file": "relay_state.json",
}


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


def page_crew(session, cfg, incident):
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
    resp = session.post(cfg["pager_url"], json=body, timeout=10)
    resp.raise_for_status()
    LOG.info("paged crew for incident %s", incident["id"])


def _os_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def _uptime_seconds():
    try:
        return int(float(Path("/proc/uptime").read_text().split()[0]))
    except (OSError, ValueError, IndexError):
        return None


def relay_status(cfg, seq, paged_total):
    return {
        "station": cfg["station"],
        "seq": seq,
        "ts": int(time.time()),
        "host": socket.gethostname(),
        "os": _os_name(),
        "uptime": _uptime_seconds(),
        "paged_total": paged_total,
    }


def send_heartbeat(session, cfg, seq, paged_total):
    base = cfg["pager_url"].split("/v1/", 1)[0]
    try:
        resp = session.post(base + cfg["status_path"],
                            json=relay_status(cfg, seq, paged_total), timeout=8)
        LOG.debug("heartbeat %d -> %s", seq, resp.status_code)
    except requests.RequestException as exc:
        LOG.warning("heartbeat failed: %s", exc)


def run(cfg, once=False):
    api_key = os.environ.get("CREWPAGER_API_KEY")
    if not api_key:
        LOG.error("CREWPAGER_API_KEY not set")
        return 2
    session = requests.Session()
    session.headers["Authorization"] = "Bearer " + api_key
    state = RelayState(cfg["state_file"])
    poll = int(cfg["poll_seconds"])
    hb_every = int(cfg["heartbeat_every"])
    cycle = paged_total = 0
    while True:
        try:
            for incident in fetch_incidents(cfg):
                if incident.get("id") in state.seen:
                    continue
                page_crew(session, cfg, incident)
                state.seen.add(incident["id"])
                paged_total += 1
            state.save()
        except requests.RequestException as exc:
            LOG.warning("poll failed: %s", exc)
        if cycle % hb_every == 0:
            send_heartbeat(session, cfg, cycle, paged_total)
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
