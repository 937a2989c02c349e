#!/usr/bin/env python3
"""Push updated ETAs for a reefer route to the customer portal API.

Reads the planned stop list (CSV: stop_id, name, planned_eta) and the latest
delay estimate, then posts the revised ETAs with the stop sheet attached.
"""
import argparse
import base64
import csv
import datetime as dt
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("eta-push")

API = {
    "base": "https://api.example.net",
    "path": "/v1/routes/{route}/eta",
    "key_env": "ETA_API_KEY",
    "timeout": 15,
}


class ConfigError(Exception):
    pass


class Stop:
    def __init__(self, stop_id, name, planned):
        self.stop_id = stop_id
        self.name = name
        self.planned = planned

    def revised(self, delay_min):
        return self.planned + dt.timedelta(minutes=delay_min)


def load_stops(path):
    stops = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                planned = dt.datetime.fromisoformat(row["planned_eta"])
            except (KeyError, ValueError):
                LOG.warning("skipping malformed row %r", row)
                continue
            stops.append(Stop(row["stop_id"], row.get("name", ""), planned))
    return stops


def api_key():
    key = os.environ.get(API["key_env"], "").strip()
    if not key:
        raise ConfigError("set %s to the portal API key" % API["key_env"])
    return key


def build_payload(route, stops, delay, sheet_path):
    attachment = base64.b64encode(Path(sheet_path).read_bytes()).decode("ascii")
    return {
        "route": route,
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(),
        "delay_minutes": delay,
        "stops": [{"id": s.stop_id, "name": s.name,
                   "eta": s.revised(delay).isoformat()} for s in stops],
        "attachment": {"filename": Path(sheet_path).name,
                       "content_type": "text/csv", "data_b64": attachment},
    }


def post(route, payload, key):
    url = API["base"] + API["path"].format(route=route)
    req = urllib.request.Request(
        url,
        data=json.dumps(payload).encode("utf-8"),
        method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": "Bearer " + key},
    )
    with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
        return resp.status, json.load(resp)


def parse_args():
    p = argparse.ArgumentParser(description="Push revised ETAs")
    p.add_argument("route")
    p.add_argument("stops_csv")
    p.add_argument("--delay", type=int, default=0, help="minutes of delay to apply")
    p.add_argument("--dry-run", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    stops = load_stops(args.stops_csv)
    if not stops:
        LOG.error("no stops in %s", args.stops_csv)
        return 1
    payload = build_payload(args.route, stops, args.delay, args.stops_csv)
    if args.dry_run:
        print(json.dumps({k: v for k, v in payload.items() if k != "attachment"}, indent=2))
        return 0
    try:
        status, body = post(args.route, payload, api_key())
    except ConfigError as exc:
        LOG.error("%s", exc)
        return 2
    except urllib.error.HTTPError as exc:
        LOG.error("portal rejected update: %s", exc)
        return 1
    except (OSError, ValueError) as exc:
        LOG.error("portal unreachable: %s", exc)
        return 1
    LOG.info("portal answered %s: %s", status, body.get("message", "ok"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
