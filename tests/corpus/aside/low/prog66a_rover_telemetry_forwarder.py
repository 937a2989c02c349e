#!/usr/bin/env python3
"""Forward MAVLink telemetry from a rover companion computer to the fleet API.

Listens on the local MAVLink UDP stream that mavlink-router exposes, batches
GLOBAL_POSITION_INT / SYS_STATUS / BATTERY_STATUS messages and posts them as
JSON to the fleet dashboard.  The API key is read from FLEET_API_KEY.
"""
import argparse
import json
import logging
import os
import sys
import time
from collections import deque

import requests
from pymavlink import mavutil

LOG = logging.getLogger("telemetry_forwarder")

DEFAULT_ENDPOINT = "https://fleet.roverworks.example/api/v2/telemetry"
WANTED = {"GLOBAL_POSITION_INT", "SYS_STATUS", "BATTERY_STATUS", "HEARTBEAT"}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--mavlink", default="udpin:127.0.0.1:14550",
                   help="pymavlink connection string")
    p.add_argument("--endpoint", default=os.environ.get("FLEET_ENDPOINT", DEFAULT_ENDPOINT))
    p.add_argument("--rover-id", default=os.environ.get("ROVER_ID", "rover-dev"))
    p.add_argument("--batch", type=int, default=25, help="messages per POST")
    p.add_argument("--interval", type=float, default=2.0, help="max seconds between POSTs")
    p.add_argument("--spool", default="telemetry_spool.jsonl",
                   help="local file used when the API is unreachable")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def msg_to_record(msg):
    data = msg.to_dict()
    data["_type"] = msg.get_type()
    data["_ts"] = time.time()
    return data


class Forwarder:
    def __init__(self, endpoint, rover_id, spool_path):
        self.endpoint = endpoint
        self.rover_id = rover_id
        self.spool_path = spool_path
        self.session = requests.Session()
        key = os.environ.get("FLEET_API_KEY")
        if not key:
            raise SystemExit("FLEET_API_KEY is not set")
        self.session.headers.update({
            "Authorization": f"Bearer {key}",
            "User-Agent": "rover-telemetry-forwarder/1.4",
        })
        self.pending = deque()

    def post(self, records):
        body = {"rover": self.rover_id, "records": records}
        resp = self.session.post(self.endpoint, json=body, timeout=10)
        resp.raise_for_status()
        return resp.json().get("accepted", len(records))

    def spool(self, records):
        with open(self.spool_path, "a", encoding="utf-8") as fh:
            for rec in records:
                fh.write(json.dumps(rec) + "\n")
        LOG.warning("spooled %d records to %s", len(records), self.spool_path)

    def flush(self):
        if not self.pending:
            return
        batch = list(self.pending)
        self.pending.clear()
        try:
            accepted = self.post(batch)
            LOG.debug("posted %d records (%s accepted)", len(batch), accepted)
        except requests.RequestException as exc:
            LOG.error("post failed: %s", exc)
            self.spool(batch)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    fwd = Forwarder(args.endpoint, args.rover_id, args.spool)
    conn = mavutil.mavlink_connection(args.mavlink)
    LOG.info("waiting for heartbeat on %s", args.mavlink)
    conn.wait_heartbeat(timeout=30)
    LOG.info("heartbeat from system %s", conn.target_system)

    last = time.monotonic()
    try:
        while True:
            msg = conn.recv_match(blocking=True, timeout=1.0)
            if msg is not None and msg.get_type() in WANTED:
                fwd.pending.append(msg_to_record(msg))
            now = time.monotonic()
            if len(fwd.pending) >= args.batch or now - last >= args.interval:
                fwd.flush()
                last = now
    except KeyboardInterrupt:
        LOG.info("stopping, flushing %d pending", len(fwd.pending))
        fwd.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
