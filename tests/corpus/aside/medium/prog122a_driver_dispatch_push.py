#!/usr/bin/env python3
"""Push ready delivery orders from the till to the drivers' dispatch app.

The till drops a JSON file per delivery order into ./outbox when the kitchen
bumps it to "ready".  We batch those up, geocode-free (the dispatch server
does that), push them to the dispatch API and move the files to ./sent.
Drivers see the job on their phone within a few seconds.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("dispatch")

DEFAULT_CFG = {
    "api_base": "https://dispatch.shop.lan:8443/api/v2",
    "branch": "main-st",
    "outbox": "outbox",
    "sent": "sent",
    "failed": "failed",
    "batch_size": 20,
    "interval": 10,
    # the dispatch box in the back office has its own self-signed cert
    "verify_tls": False,
}


def load_cfg(path):
    cfg = dict(DEFAULT_CFG)
    p = Path(path)
    if p.exists():
        cfg.update(json.loads(p.read_text()))
    return cfg


class DispatchAPI:
    def __init__(self, base, key, verify):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers.update({"X-Api-Key": key, "User-Agent": "till-dispatch/1.4"})
        self.s.verify = verify
        if not verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def push_jobs(self, branch, jobs):
        r = self.s.post(f"{self.base}/branches/{branch}/jobs", json={"jobs": jobs}, timeout=20)
        r.raise_for_status()
        return r.json()

    def drivers_online(self, branch):
        r = self.s.get(f"{self.base}/branches/{branch}/drivers", params={"state": "online"}, timeout=10)
        r.raise_for_status()
        return r.json().get("drivers", [])


def to_job(order):
    return {
        "external_id": order["order_no"],
        "pickup_ready_at": order.get("ready_at", int(time.time())),
        "customer": {"name": order.get("name", ""), "phone": order.get("phone", "")},
        "dropoff": {"address": order["address"], "postcode": order["postcode"]},
        "notes": order.get("notes", ""),
        "cash_to_collect": order.get("total") if order.get("payment") == "cash" else 0,
    }


def collect(outbox, limit):
    files = sorted(Path(outbox).glob("*.json"), key=lambda p: p.stat().st_mtime)[:limit]
    batch = []
    for f in files:
        try:
            batch.append((f, to_job(json.loads(f.read_text()))))
        except (ValueError, KeyError) as exc:
            log.warning("skipping %s: %s", f.name, exc)
    return batch


def sync_once(api, cfg):
    batch = collect(cfg["outbox"], cfg["batch_size"])
    if not batch:
        return 0
    try:
        res = api.push_jobs(cfg["branch"], [j for _, j in batch])
    except requests.RequestException as exc:
        log.error("push failed: %s", exc)
        return -1
    accepted = set(res.get("accepted", []))
    for f, job in batch:
        dest = cfg["sent"] if job["external_id"] in accepted else cfg["failed"]
        Path(dest).mkdir(exist_ok=True)
        shutil.move(str(f), str(Path(dest) / f.name))
    log.info("pushed %d jobs, %d accepted", len(batch), len(accepted))
    return len(accepted)


def main():
    ap = argparse.ArgumentParser(description="till -> dispatch push")
    ap.add_argument("-c", "--config", default="dispatch.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_cfg(args.config)
    key = os.environ.get("DISPATCH_API_KEY")
    if not key:
        log.error("DISPATCH_API_KEY is not set")
        return 2
    api = DispatchAPI(cfg["api_base"], key, cfg["verify_tls"])
    Path(cfg["outbox"]).mkdir(exist_ok=True)

    try:
        online = api.drivers_online(cfg["branch"])
        log.info("%d drivers online", len(online))
    except requests.RequestException as exc:
        log.warning("could not list drivers: %s", exc)

    while True:
        sync_once(api, cfg)
        if args.once:
            return 0
        time.sleep(cfg["interval"])


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
