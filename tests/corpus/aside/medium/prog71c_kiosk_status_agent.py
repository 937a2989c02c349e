#!/usr/bin/env python3
"""Self-service check-in kiosk status agent.

Keeps an outbound connection to the hotel IT support relay so the help desk
can query a kiosk behind the property NAT. The relay sends one keyword per
line; the agent answers with the output of the matching status probe.
"""
import argparse
import configparser
import json
import logging
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("kiosk-status")


class StatusAgent(threading.Thread):
    probes = {
        "uptime": ["uptime"],
        "disk": ["df", "-h", "/"],
        "printers": ["lpstat", "-p"],
        "usb": ["lsusb"],
        "net": ["ip", "-brief", "address"],
        "kiosk": ["pgrep", "-a", "-f", "checkin-kiosk"],
    }

    def __init__(self, relay_host, relay_port, kiosk_id, backoff_max=300):
        super().__init__(daemon=True, name="status-agent")
        self.relay = (relay_host, relay_port)
        self.kiosk_id = kiosk_id
        self.backoff_max = backoff_max
        self.stop_event = threading.Event()

    def _hello(self, sock):
        hello = {"kiosk": self.kiosk_id, "caps": sorted(self.probes), "v": 3}
        sock.sendall((json.dumps(hello) + "\n").encode())

    def _run_probe(self, name):
        argv = self.probes.get(name)
        if argv is None:
            return f"unknown probe {name!r}; available: {', '.join(sorted(self.probes))}\n"
        try:
            out = subprocess.run(argv, capture_output=True, text=True, timeout=15)
            return out.stdout + out.stderr
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"probe {name} failed: {exc}\n"

    def _session(self, sock):
        self._hello(sock)
        reader = sock.makefile("r", encoding="utf-8", newline="\n")
        for line in reader:
            name = line.strip().lower()
            if not name:
                continue
            if name == "bye":
                break
            log.info("probe requested: %s", name)
            reply = self._run_probe(name)
            sock.sendall(reply.encode(errors="replace") + b"\x04\n")

    def run(self):
        delay = 5
        while not self.stop_event.is_set():
            try:
                with socket.create_connection(self.relay, timeout=30) as sock:
                    sock.settimeout(None)
                    log.info("connected to relay %s:%d", *self.relay)
                    delay = 5
                    self._session(sock)
            except OSError as exc:
                log.warning("relay unavailable: %s (retry in %ds)", exc, delay)
            self.stop_event.wait(delay)
            delay = min(delay * 2, self.backoff_max)


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"relay": {"host": "relay.support.harbourinns.example", "port": "7443"},
                  "kiosk": {"id": socket.gethostname()}})
    if Path(path).exists():
        cp.read(path)
    return cp


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="kiosk-agent.ini")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    agent = StatusAgent(cfg["relay"]["host"], cfg.getint("relay", "port"), cfg["kiosk"]["id"])
    agent.start()
    try:
        while agent.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        agent.stop_event.set()
        log.info("stopping")


if __name__ == "__main__":
    main()
