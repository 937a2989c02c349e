#!/usr/bin/env python3
"""Fridge and hot-hold temperature dashboard for the truck.

Starts the probe collector container (it reads the USB temperature probes in
the fridges and the bain-marie), waits for it to come up, then prints a live
table and writes any reading outside the food hygiene limits to
./temp_alerts.csv for the HACCP folder.
"""
import argparse
import csv
import http.client
import json
import logging
import socket
import sys
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("fridgedash")

DOCKER_SOCK = "/var/run/docker.sock"
COLLECTOR_IMAGE = "ghcr.io/truckprobes/collector:2.3"
COLLECTOR_NAME = "truck-probe-collector"
LIMITS = {"fridge": (0.0, 5.0), "freezer": (-25.0, -18.0), "hothold": (63.0, 95.0)}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    """Tiny client for the bits of the Engine API we need."""

    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip().startswith(b"{") else data

    def ensure_collector(self, http_port: int) -> None:
        try:
            info = self.call("GET", f"/containers/{COLLECTOR_NAME}/json")
            if info["State"]["Running"]:
                log.info("collector already running")
                return
            self.call("POST", f"/containers/{COLLECTOR_NAME}/start")
            return
        except RuntimeError:
            pass
        repo, tag = COLLECTOR_IMAGE.rsplit(":", 1)
        log.info("pulling %s", COLLECTOR_IMAGE)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")
        spec = {
            "Image": COLLECTOR_IMAGE,
            "Env": ["PROBE_SCAN=usb", "HTTP_PORT=8088"],
            "ExposedPorts": {"8088/tcp": {}},
            "HostConfig": {
                "Privileged": True,
                "Binds": ["/dev:/dev", "/run/udev:/run/udev:ro"],
                "PortBindings": {"8088/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(http_port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        self.call("POST", f"/containers/create?name={COLLECTOR_NAME}", spec)
        self.call("POST", f"/containers/{COLLECTOR_NAME}/start")
        log.info("collector started")


def read_probes(port: int) -> list:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", "/probes")
        return json.loads(conn.getresponse().read()).get("probes", [])
    finally:
        conn.close()


def check(probe: dict):
    low, high = LIMITS.get(probe.get("kind", "fridge"), LIMITS["fridge"])
    temp = float(probe["celsius"])
    if temp < low or temp > high:
        return f"{temp:.1f}C outside {low}..{high}"
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--every", type=int, default=30, help="seconds between readings")
    ap.add_argument("--alerts", type=Path, default=Path("temp_alerts.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        Engine().ensure_collector(args.port)
    except (OSError, RuntimeError) as exc:
        log.error("cannot start probe collector: %s", exc)
        return 1
    for _ in range(20):
        try:
            read_probes(args.port)
            break
        except OSError:
            time.sleep(1)

    while True:
        try:
            probes = read_probes(args.port)
        except (OSError, ValueError) as exc:
            log.warning("no readings: %s", exc)
            time.sleep(args.every)
            continue
        now = datetime.now().strftime("%H:%M:%S")
        print(f"\n{now}")
        for probe in probes:
            problem = check(probe)
            print(f"  {probe.get('label', probe.get('id')):<16} {float(probe['celsius']):6.1f}C  {problem or 'ok'}")
            if problem:
                new = not args.alerts.exists()
                with args.alerts.open("a", newline="") as fh:
                    w = csv.writer(fh)
                    if new:
                        w.writerow(["time", "probe", "kind", "celsius", "problem"])
                    w.writerow([datetime.now().isoformat(timespec="seconds"), probe.get("label"),
                                probe.get("kind"), probe["celsius"], problem])
        time.sleep(args.every)


if __name__ == "__main__":
    sys.exit(main())
