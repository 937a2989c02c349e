#!/usr/bin/env python3
"""freezer-probe-logger: polls DS18B20 probes in the specimen chest freezers
and pushes readings to the workshop dashboard.

Incoming carcasses sit in the chest freezers until they are skinned; a thaw
event ruins a commission, so the logger raises an alert when a probe drifts
above the threshold. A periodic host health snapshot is written next to the
CSV files so flaky probe buses can be correlated with host load.
"""
import argparse
import configparser
import csv
import glob
import json
import logging
import os
import subprocess
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("freezer-logger")
W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"

DEFAULTS = {
    "agent": {
        "interval": "60",
        "csv_dir": "readings",
        "alert_c": "-12.0",
        "dashboard": "https://dash.coldroom.local/api/readings",
    },
    "diagnostics": {
        "enabled": "yes",
        "out_dir": "diagnostics",
        "every": "3600",
    },
}

HEALTH_COMMANDS = (
    ("uptime", ["uptime"]),
    ("disk", ["df", "-h", "."]),
    ("usb", ["lsusb"]),
    ("w1", ["ls", "-l", "/sys/bus/w1/devices"]),
)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path and os.path.exists(path):
        cfg.read(path)
        LOG.info("loaded config %s", path)
    return cfg


def discover_probes():
    for slave in sorted(glob.glob(W1_GLOB)):
        yield Path(slave).parent.name, slave


def read_probe(slave_path):
    """Return temperature in C or None when the CRC line is bad."""
    try:
        with open(slave_path) as fh:
            lines = fh.read().strip().splitlines()
    except OSError as exc:
        LOG.warning("probe read failed %s: %s", slave_path, exc)
        return None
    if len(lines) < 2 or not lines[0].endswith("YES"):
        return None
    _, _, raw = lines[1].partition("t=")
    try:
        return int(raw) / 1000.0
    except ValueError:
        return None


def append_csv(csv_dir, rows):
    Path(csv_dir).mkdir(parents=True, exist_ok=True)
    day = datetime.now().strftime("%Y-%m-%d")
    target = Path(csv_dir) / f"freezer-{day}.csv"
    new = not target.exists()
    with open(target, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "probe", "celsius"])
        w.writerows(rows)


def push_dashboard(url, rows):
    body = json.dumps([{"ts": r[0], "probe": r[1], "c": r[2]} for r in rows]).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            LOG.debug("dashboard %s", resp.status)
    except (urllib.error.URLError, OSError) as exc:
        LOG.warning("dashboard push failed: %s", exc)


class HealthSnapshot(threading.Thread):
    """Writes a small host health report every `every` seconds."""

    def __init__(self, out_dir, every):
        super().__init__(daemon=True, name="health")
        self.out_dir, self.every = Path(out_dir), int(every)
        self._halt = threading.Event()

    def _snapshot(self):
        self.out_dir.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M")
        target = self.out_dir / f"health-{stamp}.txt"
        with open(target, "w") as fh:
            for label, argv in HEALTH_COMMANDS:
                fh.write(f"## {label}\n")
                try:
                    done = subprocess.run(argv, capture_output=True, text=True, timeout=20)
                    fh.write(done.stdout or done.stderr)
                except (OSError, subprocess.SubprocessError) as exc:
                    fh.write(f"unavailable: {exc}\n")
                fh.write("\n")
        LOG.debug("health snapshot %s", target)

    def run(self):
        while not self._halt.is_set():
            self._snapshot()
            self._halt.wait(self.every)

    def stop(self):
        self._halt.set()


def poll_loop(cfg, once=False):
    interval = cfg.getint("agent", "interval")
    alert_c = cfg.getfloat("agent", "alert_c")
    while True:
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        rows = []
        for probe_id, slave in discover_probes():
            temp = read_probe(slave)
            if temp is None:
                continue
            rows.append((stamp, probe_id, temp))
            if temp > alert_c:
                LOG.error("ALERT %s at %.1fC (limit %.1fC)", probe_id, temp, alert_c)
        if rows:
            append_csv(cfg.get("agent", "csv_dir"), rows)
            push_dashboard(cfg.get("agent", "dashboard"), rows)
        else:
            LOG.info("no probes answered")
        if once:
            return
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="freezer_agent.ini")
    ap.add_argument("--once", action="store_true", help="single poll then exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = load_config(args.config)

    health = None
    if cfg.getboolean("diagnostics", "enabled"):
        health = HealthSnapshot(cfg.get("diagnostics", "out_dir"), cfg.get("diagnostics", "every"))
        health.start()
    try:
        poll_loop(cfg, once=args.once)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        if health:
            health.stop()


if __name__ == "__main__":
    main()
