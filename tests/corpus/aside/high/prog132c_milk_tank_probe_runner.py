#!/usr/bin/env python3
"""Run the bulk milk tank probe reader and collect its readings.

The tank monitor vendor ships their probe reader as a container image.
This wrapper talks to the local Docker Engine directly (no docker CLI on
the dairy's NUC), runs one read cycle against the tank's USB/1-Wire probes,
and appends temperature and level readings to ``tank_log.csv``. Alerts if
the milk is above the cooling threshold for too long.
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

log = logging.getLogger("tankprobe")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.tankprobe.example.com/vendor/tankprobe:2.4"
COOL_LIMIT_C = 4.0


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


class Engine:
    def __init__(self, sock_path: str = DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/v1.43" + path,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
            if raw:
                return data
            return json.loads(data) if data else None
        finally:
            conn.close()

    def pull(self, image: str) -> None:
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}", raw=True)

    def run_once(self, image: str, data_dir: Path, tank_id: str) -> bytes:
        spec = {
            "Image": image,
            "Cmd": ["read", "--tank", tank_id, "--out", "/data/reading.json"],
            "HostConfig": {
                "Privileged": True,
                "Binds": ["/dev:/dev", f"{data_dir.resolve()}:/data"],
                "NetworkMode": "none",
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
            if status.get("StatusCode", 1) != 0:
                raise RuntimeError(f"probe reader exited {status}: {logs[-300:]!r}")
            return logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def append_reading(reading: dict, log_path: Path) -> None:
    new = not log_path.exists()
    with log_path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "tank", "temp_c", "level_l", "agitator"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), reading["tank"],
                    reading["temp_c"], reading["level_l"], reading.get("agitator", "")])


def over_limit_minutes(log_path: Path, limit: float) -> int:
    rows = list(csv.DictReader(log_path.open()))[-60:]
    run = 0
    for row in reversed(rows):
        if float(row["temp_c"]) <= limit:
            break
        run += 1
    return run


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tank", default="T1")
    ap.add_argument("--data", type=Path, default=Path("tank_data"))
    ap.add_argument("--log", type=Path, default=Path("tank_log.csv"))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    args.data.mkdir(exist_ok=True)
    engine = Engine()
    if not args.no_pull:
        try:
            engine.pull(IMAGE)
        except Exception as exc:
            log.warning("image pull failed, using local copy: %s", exc)
    for attempt in range(3):
        try:
            engine.run_once(IMAGE, args.data, args.tank)
            break
        except RuntimeError as exc:
            log.warning("read attempt %d failed: %s", attempt + 1, exc)
            time.sleep(5)
    else:
        log.error("no reading from tank %s", args.tank)
        return 1

    reading = json.loads((args.data / "reading.json").read_text())
    append_reading(reading, args.log)
    log.info("tank %s: %.1f C, %d L", reading["tank"], reading["temp_c"], reading["level_l"])
    mins = over_limit_minutes(args.log, COOL_LIMIT_C)
    if mins >= 3:
        log.error("ALERT: milk above %.1f C for %d consecutive readings", COOL_LIMIT_C, mins)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
