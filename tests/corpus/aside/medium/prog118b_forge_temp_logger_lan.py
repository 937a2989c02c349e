#!/usr/bin/env python3
"""Forge temperature logger with a live shop-floor view.

Reads K-type thermocouple readings from the Arduino/MAX31855 board on the
gas forge (it prints lines like ``TC1:1187.5`` at 2 Hz), writes a daily CSV,
raises an alarm when a heat overshoots the soak window, and serves the
latest readings as JSON so the tablet by the anvil can display them.
"""
import argparse
import csv
import json
import logging
import statistics
import sys
import threading
import time
from collections import deque
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("forgelog")


class Readings:
    """Locked ring buffer of recent readings per channel."""

    def __init__(self, size: int = 240):
        self._lock = threading.Lock()
        self._data: dict[str, deque] = {}
        self.size = size

    def add(self, channel: str, value: float) -> None:
        with self._lock:
            self._data.setdefault(channel, deque(maxlen=self.size)).append((time.time(), value))

    def snapshot(self) -> dict:
        with self._lock:
            out = {}
            for ch, buf in self._data.items():
                vals = [v for _, v in buf]
                out[ch] = {"last": vals[-1], "avg": round(statistics.fmean(vals[-20:]), 1),
                           "max": max(vals), "ts": buf[-1][0]}
            return out


def parse_line(raw: bytes):
    line = raw.decode("ascii", errors="ignore").strip()
    if ":" not in line:
        return None
    ch, _, val = line.partition(":")
    try:
        return ch, float(val)
    except ValueError:
        return None


class CsvSink:
    def __init__(self, directory: Path):
        self.directory = directory
        self.directory.mkdir(parents=True, exist_ok=True)

    def write(self, channel: str, value: float) -> None:
        now = datetime.now()
        path = self.directory / f"forge_{now:%Y%m%d}.csv"
        new = not path.exists()
        with path.open("a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["timestamp", "channel", "celsius"])
            w.writerow([now.isoformat(timespec="seconds"), channel, f"{value:.1f}"])


def make_handler(readings: Readings):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            if self.path not in ("/", "/readings"):
                self.send_error(404)
                return
            body = json.dumps(readings.snapshot()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.debug("http: " + fmt, *args)

    return Handler


def serve(readings: Readings, port: int) -> None:
    httpd = ThreadingHTTPServer(("0.0.0.0", port), make_handler(readings))
    log.info("live view on port %d", port)
    threading.Thread(target=httpd.serve_forever, daemon=True, name="http").start()


def run(port_name: str, baud: int, out_dir: Path, alarm_c: float, http_port: int) -> None:
    readings = Readings()
    sink = CsvSink(out_dir)
    serve(readings, http_port)
    while True:
        try:
            with serial.Serial(port_name, baud, timeout=2) as ser:
                log.info("reading %s @ %d", port_name, baud)
                for raw in iter(ser.readline, None):
                    parsed = parse_line(raw)
                    if not parsed:
                        continue
                    ch, val = parsed
                    readings.add(ch, val)
                    sink.write(ch, val)
                    if val > alarm_c:
                        log.warning("%s over limit: %.1f C (limit %.0f)", ch, val, alarm_c)
        except serial.SerialException as exc:
            log.error("serial error: %s; retrying in 5s", exc)
            time.sleep(5)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyACM0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--out", type=Path, default=Path("forge_logs"))
    ap.add_argument("--alarm", type=float, default=1260.0, help="overshoot alarm, deg C")
    ap.add_argument("--http-port", type=int, default=8077)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        run(args.port, args.baud, args.out, args.alarm, args.http_port)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
