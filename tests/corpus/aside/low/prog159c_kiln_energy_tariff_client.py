#!/usr/bin/env python3
"""Plan kiln firings around the electricity tariff.

Fetches the half-hourly tariff from the studio's energy supplier, suggests
the cheapest start time for a firing of a given length, and reports completed
firings back to the supplier's usage API so the studio's green-tariff
statement is accurate. The API key is read from the environment and sent only
to the supplier's API.
"""
import argparse
import json
import logging
import os
import sys
from datetime import datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("tariff")

API_BASE = os.environ.get("TARIFF_API_BASE", "https://api.greenvolt.example/v1")
SITE_ID = os.environ.get("TARIFF_SITE_ID", "studio-01")


class TariffClient:
    def __init__(self, base=API_BASE, key=None, timeout=15):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        key = key or os.environ.get("TARIFF_API_KEY")
        if key:
            self.session.headers["Authorization"] = f"Bearer {key}"
        self.session.headers["Accept"] = "application/json"
        self.timeout = timeout

    def slots(self, day):
        resp = self.session.get(
            f"{self.base}/sites/{SITE_ID}/tariff",
            params={"date": day.isoformat()},
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return [
            (datetime.fromisoformat(s["start"]), float(s["pence_per_kwh"]))
            for s in resp.json()["slots"]
        ]

    def report_usage(self, firing):
        resp = self.session.post(
            f"{self.base}/sites/{SITE_ID}/usage",
            json=firing,
            timeout=self.timeout,
        )
        resp.raise_for_status()
        return resp.json().get("id")


def cheapest_window(slots, hours):
    need = int(hours * 2)
    if len(slots) < need:
        raise ValueError("not enough tariff slots for that firing length")
    best_start, best_cost = None, None
    for i in range(len(slots) - need + 1):
        cost = sum(price for _, price in slots[i:i + need])
        if best_cost is None or cost < best_cost:
            best_start, best_cost = slots[i][0], cost
    return best_start, best_cost / need


def load_firing(path):
    data = json.loads(Path(path).read_text())
    required = {"kiln", "started", "finished", "kwh"}
    missing = required - data.keys()
    if missing:
        raise ValueError(f"firing record missing {sorted(missing)}")
    return {k: data[k] for k in sorted(required | {"cone"}) if k in data}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("plan")
    p.add_argument("hours", type=float)
    p.add_argument("--tomorrow", action="store_true")
    r = sub.add_parser("report")
    r.add_argument("firing_json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    client = TariffClient()
    try:
        if args.cmd == "plan":
            day = datetime.now().date() + timedelta(days=1 if args.tomorrow else 0)
            start, avg = cheapest_window(client.slots(day), args.hours)
            print(f"start at {start:%H:%M} on {day}: average {avg:.2f}p/kWh")
        else:
            ref = client.report_usage(load_firing(args.firing_json))
            print(f"reported firing, supplier reference {ref}")
    except (requests.RequestException, ValueError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
