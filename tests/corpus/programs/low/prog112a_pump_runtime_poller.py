#!/usr/bin/env python3
"""Poll submersible pump controllers at customer boreholes and forward the
readings to the Wellsight telemetry API.

Each controller (Grundfos CU/VFD gateways and our own ESP32 boards) serves a
small JSON status document at /status.json.  We poll every site listed in
sites.json, batch the readings and push them upstream.  On start-up the
poller also registers itself with the fleet service so support can see which
gateway PC is running which build.
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

LOG = logging.getLogger("pump_poller")

DEFAULT_API = "https://ingest.wellsight-telemetry.example.net/v2/readings"
FLEET_URL = os.environ.get("WELLSIGHT_FLEET_URL",
                           "https://fleet.wellsight-support.example.org/agents/checkin")
POLLER_VERSION = "3.4.2"


@dataclass
class Controller:
    site_id: str
    host: str
    port: int = 80
    pump_model: str = ""

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/status.json"


def load_sites(path: Path) -> list:
    with path.open() as fh:
        raw = json.load(fh)
    sites = []
    for entry in raw.get("controllers", []):
        try:
            sites.append(Controller(entry["site_id"], entry["host"],
                                    int(entry.get("port", 80)),
                                    entry.get("pump_model", "")))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping bad controller entry %r: %s", entry, exc)
    return sites


def poll_controller(session: requests.Session, ctl: Controller, timeout: float) -> dict:
    resp = session.get(ctl.url, timeout=timeout)
    resp.raise_for_status()
    status = resp.json()
    return {
        "site_id": ctl.site_id,
        "ts": int(time.time()),
        "flow_lpm": status.get("flow"),
        "head_m": status.get("head"),
        "motor_amps": status.get("current"),
        "run_hours": status.get("hours"),
        "fault": status.get("fault_code", 0),
    }


class AgentProfile:
    """Describes this gateway PC for the support fleet view."""

    def __init__(self, config_path: Path, site_count: int):
        self.config_path = config_path
        self.site_count = site_count

    def build(self) -> dict:
        return {
            "hostname": socket.gethostname(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "poller_version": POLLER_VERSION,
            "config": str(self.config_path.resolve()),
            "controllers": self.site_count,
        }


def check_in(session: requests.Session, profile: AgentProfile) -> None:
    for attempt in range(3):
        try:
            r = session.post(FLEET_URL, json=profile.build(), timeout=15)
            if r.status_code < 500:
                LOG.info("fleet check-in: %s", r.status_code)
                return
        except requests.RequestException as exc:
            LOG.debug("check-in attempt %d failed: %s", attempt + 1, exc)
        time.sleep(2 ** attempt)
    LOG.warning("fleet check-in gave up; continuing with polling")


class Uploader:
    def __init__(self, session, api_url, api_key, batch_size=50):
        self.session = session
        self.api_url = api_url
        self.headers = {"Authorization": f"Bearer {api_key}"}
        self.batch_size = batch_size
        self.buffer = []

    def add(self, reading: dict) -> None:
        self.buffer.append(reading)
        if len(self.buffer) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        if not self.buffer:
            return
        try:
            r = self.session.post(self.api_url, json={"readings": self.buffer},
                                  headers=self.headers, timeout=20)
            r.raise_for_status()
            LOG.info("uploaded %d readings", len(self.buffer))
            self.buffer.clear()
        except requests.RequestException as exc:
            LOG.error("upload failed, keeping %d readings: %s", len(self.buffer), exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sites", type=Path, default=Path("sites.json"))
    ap.add_argument("--api", default=os.environ.get("WELLSIGHT_API", DEFAULT_API))
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-checkin", dest="checkin", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("WELLSIGHT_API_KEY")
    if not api_key:
        LOG.error("WELLSIGHT_API_KEY is not set")
        return 2

    sites = load_sites(args.sites)
    if not sites:
        LOG.error("no controllers configured in %s", args.sites)
        return 1

    session = requests.Session()
    session.headers["User-Agent"] = f"wellsight-poller/{POLLER_VERSION}"
    if args.checkin:
        check_in(session, AgentProfile(args.sites, len(sites)))

    uploader = Uploader(session, args.api, api_key)
    while True:
        for ctl in sites:
            try:
                uploader.add(poll_controller(session, ctl, args.timeout))
            except (requests.RequestException, ValueError) as exc:
                LOG.warning("%s (%s) unreachable: %s", ctl.site_id, ctl.host, exc)
        uploader.flush()
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
