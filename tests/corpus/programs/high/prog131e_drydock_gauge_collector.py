#!/usr/bin/env python3
"""Collect dry dock gauge readings (flood level, keel block load cells).

The dock PLC only speaks Modbus/RTU on a serial line, so readings come through
the yard's modbus-bridge image, which exposes them as JSON on a local port.
The collector makes sure a bridge container is running on this host (starting
one if needed), polls it every --interval seconds and appends the readings to
a daily CSV under ./gauges. Block loads over the SWL raise a warning.
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("gauges")

BRIDGE_IMAGE = os.environ.get("BRIDGE_IMAGE", "registry.yard.example.org/ops/modbus-bridge:2.3")
BRIDGE_NAME = "drydock-modbus-bridge"
BRIDGE_PORT = 8502
BLOCK_SWL_T = 150.0


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    """Tiny client for the container engine API on the local host."""

    def __init__(self, path=None):
        host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        self.path = path or host.replace("unix://", "", 1)

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.41" + url, body=payload,
                     headers={"Content-Type": "application/json"} if payload else {})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 304:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data.strip() else None

    def state(self, name):
        try:
            return self.call("GET", f"/containers/{name}/json")["State"]
        except RuntimeError as exc:
            if " 404 " in str(exc):
                return None
            raise

    def ensure_bridge(self, serial_dev):
        st = self.state(BRIDGE_NAME)
        if st and st.get("Running"):
            return
        if st is None:
            log.info("creating %s from %s", BRIDGE_NAME, BRIDGE_IMAGE)
            self.call("POST", f"/images/create?fromImage={BRIDGE_IMAGE}")
            spec = {
                "Image": BRIDGE_IMAGE,
                "Env": [f"MODBUS_PORT={serial_dev}", "MODBUS_BAUD=19200"],
                "ExposedPorts": {f"{BRIDGE_PORT}/tcp": {}},
                "HostConfig": {
                    "Privileged": True,
                    "Binds": ["/dev:/dev"],
                    "PortBindings": {f"{BRIDGE_PORT}/tcp": [{"HostIp": "127.0.0.1",
                                                             "HostPort": str(BRIDGE_PORT)}]},
                    "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
                },
            }
            self.call("POST", f"/containers/create?name={BRIDGE_NAME}", spec)
        self.call("POST", f"/containers/{BRIDGE_NAME}/start")
        time.sleep(3)


def poll(url):
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)


def append(row, out_dir):
    out_dir.mkdir(exist_ok=True)
    path = out_dir / f"{dt.date.today():%Y%m%d}.csv"
    new = not path.exists()
    with open(path, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=sorted(row))
        if new:
            w.writeheader()
        w.writerow(row)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--serial", default="/dev/ttyS1", help="PLC serial line on the host")
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--out", type=Path, default=Path("gauges"))
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        engine.ensure_bridge(args.serial)
    except (OSError, RuntimeError) as exc:
        log.error("bridge not available: %s", exc)
        return 1

    url = f"http://127.0.0.1:{BRIDGE_PORT}/registers"
    while True:
        try:
            regs = poll(url)
            row = {"time": dt.datetime.now().isoformat(timespec="seconds"),
                   "flood_level_m": regs.get("flood_level_mm", 0) / 1000}
            for i, load in enumerate(regs.get("block_loads_t", []), 1):
                row[f"block_{i:02d}_t"] = load
                if load > BLOCK_SWL_T:
                    log.warning("keel block %d at %.1f t (SWL %.0f t)", i, load, BLOCK_SWL_T)
            append(row, args.out)
        except (OSError, ValueError) as exc:
            log.warning("poll failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
