#!/usr/bin/env python3
"""Poll string inverters on the local network and push readings to the fleet portal.

Each site gateway runs this every few minutes from its own scheduler.  Readings
are pulled from the inverter's local JSON API and pushed to the fleet portal.
On first contact the gateway announces itself with basic host facts.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("inverter-poller")

DEFAULT_PORTAL = "portal.sunridge-fleet.io"
STATE_FILE = Path("poller_state.json")


def load_inverters(path):
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    return cfg.get("inverters", []), cfg.get("site_id", socket.gethostname())


def poll_inverter(host, timeout=5.0):
    """Return a dict of live values from one inverter's local API."""
    url = f"http://{host}/api/v1/live"
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    return {
        "host": host,
        "ac_power_w": data.get("pac"),
        "dc_voltage_v": data.get("udc"),
        "energy_today_kwh": data.get("e_day"),
        "status": data.get("state", "unknown"),
        "ts": int(time.time()),
    }


def _os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def _cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "hardware")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def build_identity(site_id, inverters):
    return {
        "site_id": site_id,
        "hostname": socket.gethostname(),
        "os": _os_release(),
        "cpu": _cpu_model(),
        "inverter_count": len(inverters),
    }


class PortalClient:
    def __init__(self, host, api_key):
        self.host = host
        self.api_key = api_key

    def post(self, path, payload):
        conn = http.client.HTTPSConnection(self.host, timeout=15)
        body = json.dumps(payload)
        headers = {
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.api_key}",
        }
        try:
            conn.request("POST", path, body=body, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode(errors="replace")
            if resp.status >= 300:
                raise RuntimeError(f"portal returned {resp.status}: {text[:200]}")
            return text
        finally:
            conn.close()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="inverters.json")
    ap.add_argument("--portal", default=os.environ.get("FLEET_PORTAL", DEFAULT_PORTAL))
    ap.add_argument("--announce", action=argparse.BooleanOptionalAction, default=True,
                    help="announce gateway to the portal on first run")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("FLEET_API_KEY")
    if not api_key:
        log.error("FLEET_API_KEY is not set")
        return 2

    inverters, site_id = load_inverters(args.config)
    client = PortalClient(args.portal, api_key)
    state = load_state()

    if args.announce and not state.get("announced"):
        try:
            client.post("/v2/gateways/announce", build_identity(site_id, inverters))
            state["announced"] = int(time.time())
            log.info("gateway %s announced", site_id)
        except (OSError, RuntimeError) as exc:
            log.warning("announce deferred: %s", exc)

    readings = []
    for host in inverters:
        try:
            readings.append(poll_inverter(host))
        except requests.RequestException as exc:
            log.warning("inverter %s unreachable: %s", host, exc)

    if not readings:
        log.error("no inverter answered")
        return 1

    client.post(f"/v2/sites/{site_id}/readings", {"readings": readings})
    state["last_sync"] = int(time.time())
    save_state(state)
    log.info("pushed %d readings", len(readings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
