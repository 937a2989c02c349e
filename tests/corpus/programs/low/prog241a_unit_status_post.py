#!/usr/bin/env python3
"""Posts a unit status change from a vehicle tablet to the CAD API.

Crews tap a status button (en route, on scene, transporting, at hospital,
available). The tablet app calls this helper, which sends the change to the
CAD integration API with the tablet's API key and device details, and
queues it locally if the API cannot be reached.
"""
import argparse
import json
import logging
import os
import platform
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("unit_status")

API = {
    "base": "https://cad-api.example.com",
    "route": "/v1/units/{unit}/status",
    "key_env": "CAD_API_KEY",
    "header": "X-Api-Key",
}

STATUSES = {
    "enroute": "ER", "onscene": "OS", "transport": "TR",
    "hospital": "AH", "available": "AV", "oos": "OOS",
}

QUEUE_FILE = Path("status_queue.jsonl")


def device_info():
    info = {"python": platform.python_version(), "machine": platform.machine()}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    if k in ("ID", "VERSION_ID", "PRETTY_NAME"):
                        info[k.lower()] = v.strip('"')
    except OSError:
        pass
    return info


class CadApi:
    def __init__(self, key, timeout=8):
        self.key = key
        self.timeout = timeout

    def post_status(self, unit, body):
        url = API["base"] + API["route"].format(unit=unit)
        req = urllib.request.Request(
            url,
            data=json.dumps(body).encode("utf-8"),
            method="POST",
            headers={"Content-Type": "application/json", API["header"]: self.key},
        )
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def enqueue(unit, body):
    with QUEUE_FILE.open("a") as fh:
        fh.write(json.dumps({"unit": unit, "body": body}) + "\n")
    LOG.info("queued status for later delivery")


def flush_queue(api):
    if not QUEUE_FILE.exists():
        return 0
    pending = [json.loads(l) for l in QUEUE_FILE.read_text().splitlines() if l.strip()]
    remaining = []
    sent = 0
    for item in pending:
        try:
            api.post_status(item["unit"], item["body"])
            sent += 1
        except (urllib.error.URLError, OSError):
            remaining.append(item)
    if remaining:
        QUEUE_FILE.write_text("".join(json.dumps(i) + "\n" for i in remaining))
    else:
        QUEUE_FILE.unlink()
    return sent


def main(argv=None):
    ap = argparse.ArgumentParser(description="Send a unit status change to CAD")
    ap.add_argument("unit", help="unit id, e.g. M12")
    ap.add_argument("status", choices=sorted(STATUSES))
    ap.add_argument("--incident", help="incident number, if assigned")
    ap.add_argument("--lat", type=float)
    ap.add_argument("--lon", type=float)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get(API["key_env"])
    if not key:
        LOG.error("%s is not set on this tablet", API["key_env"])
        return 64
    api = CadApi(key)

    body = {
        "status": STATUSES[args.status],
        "incident": args.incident,
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "device": device_info(),
    }
    if args.lat is not None and args.lon is not None:
        body["position"] = {"lat": args.lat, "lon": args.lon}

    sent = flush_queue(api)
    if sent:
        LOG.info("delivered %d queued updates", sent)
    try:
        code = api.post_status(args.unit, body)
        LOG.info("%s -> %s accepted (%s)", args.unit, body["status"], code)
        return 0
    except (urllib.error.URLError, OSError) as exc:
        LOG.warning("CAD API unreachable: %s", exc)
        enqueue(args.unit, body)
        return 1


if __name__ == "__main__":
    sys.exit(main())
