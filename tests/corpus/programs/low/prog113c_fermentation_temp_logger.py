#!/usr/bin/env python3
"""Fermentation temperature logger for the cellar's DS18B20 probes.

Reads every 1-Wire probe mapped in probes.ini, appends the readings to a daily
CSV under ./logs and pushes a batch to the co-op telemetry API so the cellar
master can see tank temperatures from the office.

    CIDERLOG_API_KEY=... ./fermentation_temp_logger.py --config probes.ini
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import sys
import time
from pathlib import Path

import requests

__version__ = "1.4.2"

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

[probes]
# device id = tank name
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
            for r in rows:
                log.debug("%s %.2f C", r["tank"], r["temp_c"])
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
