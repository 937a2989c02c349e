#!/usr/bin/env python3
"""Poll the weighbridge scale indicator over its TCP serial bridge.

Most yard indicators (Avery, Rinstrum, Mettler) sit behind a serial-to-
Ethernet converter that streams frames such as

    ST,GS,+0012340kg\r\n

This script reads those frames, keeps the last stable weight and writes a
reading every N seconds to ./readings/YYYY-MM-DD.csv for the ticket desk.
Settings come from scale.ini (section [indicator]).
"""
import argparse
import configparser
import csv
import logging
import re
import socket
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("scale-poll")
FRAME = re.compile(rb"(?P<stab>ST|US),(?P<mode>GS|NT),(?P<sign>[+-])(?P<val>\d{6,7})(?P<unit>kg|t)")


class Indicator:
    def __init__(self, host: str, port: int, timeout: float = 5.0):
        self.addr = (host, port)
        self.timeout = timeout
        self.sock = None
        self.buf = b""

    def connect(self, retries: int = 5) -> None:
        delay = 1.0
        for attempt in range(1, retries + 1):
            try:
                self.sock = socket.create_connection(self.addr, timeout=self.timeout)
                LOG.info("connected to indicator %s:%d", *self.addr)
                return
            except OSError as exc:
                LOG.warning("indicator connect %d/%d failed: %s", attempt, retries, exc)
                time.sleep(delay)
                delay = min(delay * 2, 30)
        raise ConnectionError(f"indicator {self.addr} unreachable")

    def frames(self):
        while True:
            chunk = self.sock.recv(256)
            if not chunk:
                raise ConnectionError("indicator closed the connection")
            self.buf += chunk
            *lines, self.buf = self.buf.split(b"\r\n")
            for line in lines:
                m = FRAME.search(line)
                if m:
                    yield m

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None


def to_kg(m) -> float:
    val = int(m["val"]) * (-1 if m["sign"] == b"-" else 1)
    return float(val * 1000 if m["unit"] == b"t" else val)


def write_reading(outdir: Path, kg: float, stable: bool) -> None:
    now = datetime.now()
    path = outdir / f"{now:%Y-%m-%d}.csv"
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["timestamp", "weight_kg", "stable"])
        w.writerow([now.isoformat(timespec="seconds"), f"{kg:.0f}", int(stable)])


def run(cfg: configparser.SectionProxy, outdir: Path) -> None:
    ind = Indicator(cfg.get("host", "10.20.0.50"), cfg.getint("port", 4001))
    interval = cfg.getfloat("interval", 2.0)
    last_write = 0.0
    while True:
        try:
            ind.connect()
            for m in ind.frames():
                stable = m["stab"] == b"ST"
                if time.monotonic() - last_write >= interval:
                    write_reading(outdir, to_kg(m), stable)
                    last_write = time.monotonic()
        except (ConnectionError, OSError) as exc:
            LOG.error("indicator link lost: %s", exc)
            ind.close()
            time.sleep(5)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Poll the weighbridge indicator")
    ap.add_argument("-c", "--config", type=Path, default=Path("scale.ini"))
    ap.add_argument("-o", "--outdir", type=Path, default=Path("readings"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cp = configparser.ConfigParser()
    cp.read(args.config)
    if not cp.has_section("indicator"):
        cp.add_section("indicator")
    args.outdir.mkdir(parents=True, exist_ok=True)
    try:
        run(cp["indicator"], args.outdir)
    except KeyboardInterrupt:
        LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
