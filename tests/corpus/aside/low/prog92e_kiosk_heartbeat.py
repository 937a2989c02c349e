#!/usr/bin/env python3
"""Locker kiosk heartbeat: reports kiosk health to the fleet dashboard.

Runs on each rental kiosk (lobby touch screen + locker bank controller) and
posts a small status document every few minutes: OS version, CPU model,
uptime, load, free disk for the receipt spool and the locker bank id.
Settings come from kiosk_agent.ini in the working directory.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import shutil
import socket
import sys
import time
from urllib.parse import urlsplit

log = logging.getLogger("kiosk.heartbeat")

DEFAULTS = {
    "endpoint": "https://fleet.lockerbay.io/api/heartbeat",
    "interval": "300",
    "bank_id": "bank-000",
    "spool_dir": "spool",
}


def read_config(path):
    cp = configparser.ConfigParser()
    cp["agent"] = DEFAULTS
    cp.read(path)
    return cp["agent"]


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                k, _, v = line.strip().partition("=")
                if k:
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def uptime_seconds():
    try:
        with open("/proc/uptime") as fh:
            return float(fh.read().split()[0])
    except (OSError, ValueError):
        return -1.0


def collect(cfg):
    spool = cfg.get("spool_dir")
    os.makedirs(spool, exist_ok=True)
    du = shutil.disk_usage(spool)
    return {
        "bank_id": cfg.get("bank_id"),
        "hostname": socket.gethostname(),
        "os": os_release(),
        "cpu": cpu_model(),
        "uptime": uptime_seconds(),
        "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "spool_free_mb": du.free // (1024 * 1024),
        "ts": int(time.time()),
    }


class Reporter:
    def __init__(self, endpoint, key):
        parts = urlsplit(endpoint)
        self.host = parts.hostname
        self.port = parts.port or 443
        self.path = parts.path or "/"
        self.key = key

    def send(self, doc):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=10)
        try:
            body = json.dumps(doc)
            conn.request("POST", self.path, body=body, headers={
                "Content-Type": "application/json",
                "X-Fleet-Key": self.key,
            })
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"dashboard replied {resp.status}")
            return json.loads(payload or b"{}")
        finally:
            conn.close()


def run(cfg, key, once=False):
    reporter = Reporter(cfg.get("endpoint"), key)
    interval = cfg.getint("interval")
    failures = 0
    while True:
        try:
            reply = reporter.send(collect(cfg))
            interval = int(reply.get("next_interval", interval))
            failures = 0
            log.info("heartbeat ok, next in %ss", interval)
        except (OSError, RuntimeError, ValueError) as exc:
            failures += 1
            log.warning("heartbeat failed (%d): %s", failures, exc)
        if once:
            return failures == 0
        time.sleep(min(interval * (2 ** min(failures, 4)), 3600))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="kiosk_agent.ini")
    ap.add_argument("--once", action="store_true", help="send one heartbeat and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    key = os.environ.get("FLEET_API_KEY")
    if not key:
        log.error("FLEET_API_KEY not set")
        return 2
    ok = run(read_config(args.config), key, once=args.once)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
