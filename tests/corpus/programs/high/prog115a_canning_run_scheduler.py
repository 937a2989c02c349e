#!/usr/bin/env python3
"""Canning run scheduler.

Reads the week's canning plan (plan.csv: date, brite tank, SKU, cases) and
launches the label-printing and date-coder job container for each run on the
line PC's container engine, so the coder is loaded with the right lot codes
before the mobile canner arrives.
"""
import argparse
import csv
import http.client
import json
import logging
import socket
import sys
from datetime import date, datetime

LOG = logging.getLogger("can-scheduler")

ENGINE_SOCKET = "/var/run/docker.sock"
JOB_IMAGE = "registry.example.com/brewery/can-coder:3.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks over a local unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def run_job(self, name, env, device=None):
        spec = {
            "Image": JOB_IMAGE,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "Labels": {"brewery.job": "canning"},
            "HostConfig": {"AutoRemove": True, "NetworkMode": "host"},
        }
        if device:
            spec["HostConfig"]["Devices"] = [
                {"PathOnHost": device, "PathInContainer": "/dev/coder", "CgroupPermissions": "rw"}
            ]
        created = self.call("POST", f"/v1.41/containers/create?name={name}", spec)
        self.call("POST", f"/v1.41/containers/{created['Id']}/start")
        return created["Id"]


def read_plan(path, day):
    runs = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            run_day = datetime.strptime(row["date"], "%Y-%m-%d").date()
            if run_day == day:
                runs.append(row)
    return runs


def lot_code(row, day):
    return f"{row['sku'][:4].upper()}{day:%y%j}{row['brite'][-1]}"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan", default="plan.csv")
    ap.add_argument("--day", type=lambda s: datetime.strptime(s, "%Y-%m-%d").date(),
                    default=date.today())
    ap.add_argument("--coder-device", default="/dev/ttyUSB1")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        runs = read_plan(args.plan, args.day)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read plan: %s", exc)
        return 1
    if not runs:
        LOG.info("no canning runs on %s", args.day)
        return 0

    engine = Engine()
    for idx, row in enumerate(runs, start=1):
        env = {"SKU": row["sku"], "CASES": row["cases"], "LOT": lot_code(row, args.day),
               "BRITE": row["brite"]}
        name = f"can-{args.day:%Y%m%d}-{idx}"
        if args.dry_run:
            LOG.info("would start %s with %s", name, env)
            continue
        try:
            cid = engine.run_job(name, env, args.coder_device)
            LOG.info("started %s (%s) lot %s", name, cid[:12], env["LOT"])
        except (OSError, RuntimeError) as exc:
            LOG.error("could not start %s: %s", name, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
