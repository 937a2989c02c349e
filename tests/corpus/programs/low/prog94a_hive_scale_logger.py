#!/usr/bin/env python3
"""Hive scale logger.

Reads weight / brood-temperature frames from the HX711 bridge on the serial
port (or a replay CSV exported by the bridge), keeps a local CSV log and
pushes batches to the HiveCloud ingestion API.  On first start the gateway
registers itself so the dashboard can show which Pi a hive is wired to.

Frame format from the bridge firmware:  W:41.230;T:34.6;H:58;ID:hive-07
"""
import argparse
import csv
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("hive-logger")

DEFAULT_HOST = "ingest.hivecloud.io"
STATE_FILE = Path(".hive_logger_state.json")
LOCAL_LOG = Path("scale_log.csv")
BATCH_SIZE = 20


def parse_frame(line):
    """Turn 'W:41.230;T:34.6;H:58;ID:hive-07' into a reading dict."""
    fields = {}
    for part in line.strip().split(";"):
        if ":" not in part:
            continue
        key, _, value = part.partition(":")
        fields[key.strip().upper()] = value.strip()
    if "W" not in fields:
        return None
    try:
        return {
            "hive": fields.get("ID", "unknown"),
            "weight_kg": float(fields["W"]),
            "temp_c": float(fields.get("T", "nan")),
            "humidity": float(fields.get("H", "nan")),
            "ts": int(time.time()),
        }
    except ValueError:
        log.debug("bad frame: %r", line)
        return None


def read_frames(source, baud):
    """Yield readings from a replay CSV or a live serial port."""
    if source.endswith(".csv"):
        with open(source, newline="") as fh:
            for row in csv.reader(fh):
                if row:
                    reading = parse_frame(row[0])
                    if reading:
                        yield reading
        return
    import serial  # pyserial, only needed for live mode
    with serial.Serial(source, baud, timeout=5) as port:
        while True:
            raw = port.readline().decode("ascii", "replace")
            if raw:
                reading = parse_frame(raw)
                if reading:
                    yield reading


def gateway_profile():
    """Describe this gateway for the registration call."""
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "logger_version": "1.4.2",
    }


class IngestClient:
    def __init__(self, host, token):
        self.host = host
        self.token = token

    def _post(self, path, payload, retries=3):
        body = json.dumps(payload)
        headers = {"Content-Type": "application/json",
                   "Authorization": f"Bearer {self.token}"}
        for attempt in range(1, retries + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=15)
            try:
                conn.request("POST", path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                if resp.status < 300:
                    return json.loads(data or b"{}")
                log.warning("POST %s -> %s", path, resp.status)
            except (OSError, http.client.HTTPException) as exc:
                log.warning("POST %s failed (%s), attempt %d", path, exc, attempt)
            finally:
                conn.close()
            time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {path}")

    def register(self):
        return self._post("/v1/gateways/register", gateway_profile())

    def push(self, batch):
        return self._post("/v1/readings", {"readings": batch})


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def append_local(reading):
    new_file = not LOCAL_LOG.exists()
    with LOCAL_LOG.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=sorted(reading))
        if new_file:
            writer.writeheader()
        writer.writerow(reading)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", help="serial device (/dev/ttyUSB0) or replay .csv")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--host", default=os.environ.get("HIVE_INGEST_HOST", DEFAULT_HOST))
    ap.add_argument("--offline", action="store_true", help="only write the local CSV")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("HIVE_API_TOKEN")
    if not token and not args.offline:
        log.error("HIVE_API_TOKEN is not set (use --offline to log locally)")
        return 2

    client = None if args.offline else IngestClient(args.host, token)
    state = load_state()
    if client and not state.get("gateway_id"):
        reply = client.register()
        state["gateway_id"] = reply.get("gateway_id")
        save_state(state)
        log.info("registered gateway %s", state["gateway_id"])

    batch = []
    try:
        for reading in read_frames(args.source, args.baud):
            reading["gateway"] = state.get("gateway_id", "local")
            append_local(reading)
            if client is None:
                continue
            batch.append(reading)
            if len(batch) >= BATCH_SIZE:
                client.push(batch)
                log.info("pushed %d readings", len(batch))
                batch.clear()
    except KeyboardInterrupt:
        pass
    if client and batch:
        client.push(batch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
