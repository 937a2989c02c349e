#!/usr/bin/env python3
"""Plan oyster-bed working windows from tide predictions.

Pulls hourly height predictions for a NOAA station, finds the stretches where
the water sits below the working threshold during daylight, and writes them
out as a CSV (or a plain text table) the crews can print.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import sys
import urllib.error
import urllib.parse
import urllib.request

log = logging.getLogger("tidetable")

NOAA_URL = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"


def fetch_predictions(station, begin, days, timeout=20):
    params = {
        "product": "predictions",
        "application": "tidetable",
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


def rows(windows, bed):
    for start, end, low in windows:
        hours = (end - start).total_seconds() / 3600 + 1
        yield [bed, start.date().isoformat(), start.strftime("%H:%M"),
               end.strftime("%H:%M"), f"{hours:.0f}", f"{low:.2f}"]


HEADER = ["bed", "date", "start", "end", "hours", "lowest_ft"]


def write_csv(windows, path, bed):
    with open(path, "w", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(HEADER)
        out.writerows(rows(windows, bed))
    log.info("wrote %d windows to %s", len(windows), path)


def print_table(windows, bed):
    widths = [12, 10, 5, 5, 5, 9]
    print("  ".join(h.ljust(w) for h, w in zip(HEADER, widths)))
    for r in rows(windows, bed):
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)))


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--station", default="9447130", help="NOAA station id")
    p.add_argument("--bed", default="north-flat")
    p.add_argument("--threshold", type=float, default=0.5, help="max height in feet")
    p.add_argument("--days", type=int, default=7)
    p.add_argument("--first-light", type=int, default=5)
    p.add_argument("--last-light", type=int, default=20)
    p.add_argument("--out", default="tide_windows.csv")
    p.add_argument("--print", dest="show", action="store_true", help="also print a table")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        points = list(fetch_predictions(args.station, dt.date.today(), args.days))
    except (urllib.error.URLError, OSError, RuntimeError, ValueError) as exc:
        log.error("could not fetch predictions: %s", exc)
        return 1
    windows = working_windows(points, args.threshold, args.first_light, args.last_light)
    if not windows:
        log.warning("no workable windows below %.2f ft", args.threshold)
    write_csv(windows, args.out, args.bed)
    if args.show:
        print_table(windows, args.bed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
