#!/usr/bin/env python3
"""Scanner station status agent.

Runs on the copy-room scanner PCs. Keeps a TCP connection to the helpdesk
collector and reports which SANE scanners and CUPS queues are visible, so the
helpdesk dashboard can show a red tile before staff start complaining.

Protocol: newline-delimited JSON. The collector may send {"cmd": "ping"} or
{"cmd": "rescan"}; everything else is ignored.
"""
import argparse
import configparser
import json
import logging
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("scanner_agent")

DEFAULTS = {
    "collector_host": "helpdesk-collector.example.edu",
    "collector_port": "7420",
    "interval": "300",
    "station": socket.gethostname(),
}


def load_settings(path):
    cp = configparser.ConfigParser()
    cp["agent"] = DEFAULTS
    cp.read(path)
    return cp["agent"]


def _run(cmd, timeout=30):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return out.stdout.strip().splitlines()
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("%s failed: %s", cmd[0], exc)
        return []


def scanner_inventory():
    lines = _run(["scanimage", "-L"])
    return [l.split("`", 1)[-1].split("'", 1)[0] for l in lines if l.startswith("device")]


def printer_queues():
    queues = {}
    for line in _run(["lpstat", "-p"]):
        parts = line.split()
        if len(parts) >= 4 and parts[0] == "printer":
            queues[parts[1]] = "idle" if "idle" in line else parts[3].rstrip(".")
    return queues


class StationAgent:
    def __init__(self, settings):
        self.host = settings["collector_host"]
        self.port = int(settings["collector_port"])
        self.interval = int(settings["interval"])
        self.station = settings["station"]
        self.sock = None
        self.lock = threading.Lock()

    def connect(self):
        delay = 5
        while True:
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=20)
                self.sock.settimeout(None)
                log.info("connected to %s:%d", self.host, self.port)
                return
            except OSError as exc:
                log.warning("collector unreachable (%s); retry in %ds", exc, delay)
                time.sleep(delay)
                delay = min(delay * 2, 300)

    def send(self, message):
        data = (json.dumps(message) + "\n").encode()
        with self.lock:
            self.sock.sendall(data)

    def report(self):
        self.send({
            "type": "status",
            "station": self.station,
            "scanners": scanner_inventory(),
            "queues": printer_queues(),
            "ts": int(time.time()),
        })

    def _reporter(self):
        while True:
            try:
                self.report()
            except OSError:
                return
            time.sleep(self.interval)

    def handle(self, msg):
        cmd = msg.get("cmd")
        if cmd == "ping":
            self.send({"type": "pong", "station": self.station})
        elif cmd == "rescan":
            self.report()
        else:
            log.debug("ignoring command %r", cmd)

    def serve(self):
        while True:
            self.connect()
            threading.Thread(target=self._reporter, daemon=True).start()
            reader = self.sock.makefile("r", encoding="utf-8")
            try:
                for line in reader:
                    try:
                        self.handle(json.loads(line))
                    except ValueError:
                        log.debug("bad line from collector")
            except OSError as exc:
                log.warning("connection lost: %s", exc)
            finally:
                self.sock.close()
            time.sleep(5)


def main():
    ap = argparse.ArgumentParser(description="scanner station status agent")
    ap.add_argument("-c", "--config", default="scanner_agent.ini")
    ap.add_argument("--once", action="store_true", help="print inventory and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    settings = load_settings(args.config)
    if args.once:
        print(json.dumps({"scanners": scanner_inventory(), "queues": printer_queues()}, indent=2))
        return 0
    StationAgent(settings).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
