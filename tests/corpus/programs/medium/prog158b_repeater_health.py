#!/usr/bin/env python3
"""Repeater health checks.

Polls each repeater site listed in repeaters.yaml: ICMP reachability of
the site router, then the controller's HTTPS status page (battery volts,
PA temperature, last TX). Remembers the previous result so it only
reports changes, and prints a one-line-per-site summary for the radio log.
"""
import argparse
import logging
import pickle
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("repeater_health")

STATE_PATH = Path(".repeater_state.pkl")

# the controllers ship with self-signed certs we have no way to replace
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


@dataclass
class SiteResult:
    name: str
    reachable: bool = False
    volts: float = None
    pa_temp: float = None
    last_tx: str = None
    errors: list = field(default_factory=list)

    def summary(self):
        if not self.reachable:
            return f"{self.name:<12} DOWN"
        v = f"{self.volts:.1f}V" if self.volts is not None else "?V"
        t = f"{self.pa_temp:.0f}C" if self.pa_temp is not None else "?C"
        return f"{self.name:<12} up  {v:>6} PA {t:>4}  last tx {self.last_tx or '-'}"


def load_sites(path):
    with open(path) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    return cfg.get("sites", [])


def ping(host, count=2):
    res = subprocess.run(
        ["ping", "-c", str(count), "-W", "3", host],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return res.returncode == 0


def fetch_status(site, timeout):
    url = f"https://{site['host']}/api/status"
    auth = (site.get("user", "monitor"), site.get("password", ""))
    r = requests.get(url, auth=auth, timeout=timeout, verify=False)
    r.raise_for_status()
    return r.json()


def check_site(site, timeout):
    res = SiteResult(name=site["name"])
    res.reachable = ping(site["host"])
    if not res.reachable:
        return res
    try:
        data = fetch_status(site, timeout)
        res.volts = data.get("battery_v")
        res.pa_temp = data.get("pa_temp_c")
        res.last_tx = data.get("last_tx")
    except (requests.RequestException, ValueError) as exc:
        res.errors.append(str(exc))
    return res


def load_previous():
    if STATE_PATH.exists():
        with open(STATE_PATH, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_state(results):
    with open(STATE_PATH, "wb") as fh:
        pickle.dump({r.name: r for r in results}, fh)


def main():
    ap = argparse.ArgumentParser(description="Poll repeater sites")
    ap.add_argument("--config", default="repeaters.yaml")
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--changes-only", action="store_true")
    ap.add_argument("--low-volts", type=float, default=11.8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        sites = load_sites(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 1
    previous = load_previous()
    results = []
    print(time.strftime("Repeater check %d/%m %H:%M"))
    for site in sites:
        res = check_site(site, args.timeout)
        results.append(res)
        before = previous.get(res.name)
        changed = before is None or before.reachable != res.reachable
        if changed or not args.changes_only:
            print("  " + res.summary())
        if res.volts is not None and res.volts < args.low_volts:
            print(f"  !! {res.name} battery low ({res.volts:.1f}V)")
        for err in res.errors:
            log.debug("%s: %s", res.name, err)
    save_state(results)
    return 0 if all(r.reachable for r in results) else 2


if __name__ == "__main__":
    sys.exit(main())
