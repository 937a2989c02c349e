#!/usr/bin/env python3
"""Fridge probe relay with a small status page for the pantry office.

Reads DS18B20 probes exposed by the w1-therm driver, keeps a rolling window
per probe, streams readings to the regional monitoring hub and serves the
latest values as JSON so the office tablet can show them. The hub can ask
for a health report, which runs a few fixed diagnostics on the relay.
"""
import argparse
import configparser
import glob
import json
import logging
import os
import socket
import subprocess
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("probe-dashboard")

DEFAULTS = {
    "hub_host": "203.0.113.45",
    "hub_port": "9443",
    "interval": "30",
    "probe_glob": "/sys/bus/w1/devices/28-*/w1_slave",
    "window": "10",
    "site": "eastside-pantry",
    "status_port": "8088",
}

DIAGNOSTICS = (
    ("uptime", ["uptime"]),
    ("disk", ["df", "-h", "/"]),
    ("soc_temp", ["vcgencmd", "measure_temp"]),
)

LATEST = {}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
    return cp["relay"]


def read_probe(path):
    try:
        with open(path) as fh:
            lines = fh.read().strip().splitlines()
    except OSError as exc:
        log.warning("probe %s unreadable: %s", path, exc)
        return None
    if len(lines) < 2 or not lines[0].endswith("YES"):
        return None
    _, _, raw = lines[1].partition("t=")
    try:
        return int(raw) / 1000.0
    except ValueError:
        return None


def run_diagnostics():
    report = {}
    for name, cmd in DIAGNOSTICS:
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
            report[name] = out.stdout.strip() or out.stderr.strip()
        except (OSError, subprocess.TimeoutExpired) as exc:
            report[name] = "unavailable: %s" % exc
    return report


class HubLink:
    def __init__(self, host, port, site):
        self.host, self.port, self.site = host, int(port), site
        self.sock = None
        self.lock = threading.Lock()

    def connect(self):
        delay = 2
        while True:
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=15)
                self.sock.settimeout(None)
                log.info("connected to hub %s:%s", self.host, self.port)
                self.send({"op": "hello", "site": self.site, "host": socket.gethostname()})
                return
            except OSError as exc:
                log.warning("hub unreachable (%s), retry in %ss", exc, delay)
                time.sleep(delay)
                delay = min(delay * 2, 120)

    def send(self, obj):
        with self.lock:
            self.sock.sendall((json.dumps(obj) + "\n").encode())

    def handle(self, msg):
        op = msg.get("op")
        if op == "ping":
            self.send({"op": "pong", "ts": time.time()})
        elif op == "health":
            self.send({"op": "health", "site": self.site, "report": run_diagnostics()})

    def listen(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("hub closed link")
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    self.handle(json.loads(line))
                except ValueError:
                    log.debug("ignoring malformed frame")


class StatusHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"site": self.server.site, "probes": LATEST}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("status: " + fmt, *args)


def sampler(link, cfg, stop):
    windows = {}
    while not stop.is_set():
        for path in glob.glob(cfg["probe_glob"]):
            probe = os.path.basename(os.path.dirname(path))
            temp = read_probe(path)
            if temp is None:
                continue
            win = windows.setdefault(probe, deque(maxlen=cfg.getint("window")))
            win.append(temp)
            avg = round(sum(win) / len(win), 2)
            LATEST[probe] = {"c": temp, "avg": avg, "ts": int(time.time())}
            try:
                link.send({"op": "reading", "probe": probe, "c": temp, "avg": avg})
            except OSError:
                log.warning("send failed, waiting for reconnect")
        stop.wait(cfg.getint("interval"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="probe_relay.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    httpd = ThreadingHTTPServer(("0.0.0.0", cfg.getint("status_port")), StatusHandler)
    httpd.site = cfg["site"]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    log.info("status page on port %s", cfg["status_port"])

    link = HubLink(cfg["hub_host"], cfg["hub_port"], cfg["site"])
    stop = threading.Event()
    link.connect()
    threading.Thread(target=sampler, args=(link, cfg, stop), daemon=True).start()
    while True:
        try:
            link.listen()
        except (OSError, ConnectionError) as exc:
            log.warning("link dropped: %s", exc)
            time.sleep(5)
            link.connect()
        except KeyboardInterrupt:
            stop.set()
            httpd.shutdown()
            break


if __name__ == "__main__":
    main()
