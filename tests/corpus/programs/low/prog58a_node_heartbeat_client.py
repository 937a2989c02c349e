#!/usr/bin/env python3
"""Node heartbeat client: reports liveness and basic hardware facts to the
fleet inventory API and picks up the reporting interval it returns."""

import argparse
import http.client
import json
import logging
import os
import platform
import random
import socket
import time

log = logging.getLogger("heartbeat")

DEFAULTS = {
    "host": "inventory.example-fleet.io",
    "path": "/api/v1/heartbeat",
    "interval": 300,
    "jitter": 0.2,
}


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_summary():
    model, count = "unknown", 0
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("processor"):
                    count += 1
                elif line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return {"model": model, "threads": count or os.cpu_count()}


class Heartbeat:
    def __init__(self, host: str, path: str, api_key: str):
        self.host = host
        self.path = path
        self.api_key = api_key

    def _facts(self):
        return {
            "hostname": socket.gethostname(),
            "os": os_release(),
            "cpu": cpu_summary(),
            "uptime_s": self._uptime(),
        }

    @staticmethod
    def _uptime():
        try:
            with open("/proc/uptime") as fh:
                return int(float(fh.read().split()[0]))
        except OSError:
            return None

    def send(self):
        body = json.dumps(self._facts())
        conn = http.client.HTTPSConnection(self.host, timeout=15)
        try:
            conn.request("POST", self.path, body=body,
                         headers={"Content-Type": "application/json",
                                  "Authorization": f"Bearer {self.api_key}"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status != 200:
                log.warning("heartbeat rejected: HTTP %s", resp.status)
                return {}
            return json.loads(data or b"{}")
        finally:
            conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=DEFAULTS["host"])
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("FLEET_API_KEY")
    if not api_key:
        raise SystemExit("FLEET_API_KEY is not set")
    hb = Heartbeat(args.host, DEFAULTS["path"], api_key)
    interval = DEFAULTS["interval"]
    while True:
        try:
            reply = hb.send()
            interval = int(reply.get("next_interval", interval))
            interval = min(max(interval, 60), 3600)
        except (OSError, ValueError, http.client.HTTPException) as exc:
            log.warning("heartbeat failed: %s", exc)
        if args.once:
            break
        time.sleep(interval * (1 + random.uniform(-DEFAULTS["jitter"], DEFAULTS["jitter"])))


if __name__ == "__main__":
    main()
