#!/usr/bin/env python3
"""Prints the next landing windows at the harbour so the buyers know when
the boats can come alongside. Uses the public tide-prediction API.
"""
import argparse
import datetime as dt
import json
import logging
import urllib.parse
import urllib.request

LOG = logging.getLogger("tide_window")

API = "https://api.tidesandcurrents.noaa.gov/api/prod/datagetter"


class TideClient:
    def __init__(self, station, timeout=15):
        self.station = station
        self.timeout = timeout

    def predictions(self, days):
        start = dt.date.today()
        end = start + dt.timedelta(days=days)
        params = {
            "product": "predictions", "datum": "MLLW", "interval": "hilo",
            "units": "metric", "time_zone": "lst_ldt", "format": "json",
            "station": self.station, "application": "fishmarket_windows",
            "begin_date": start.strftime("%Y%m%d"),
            "end_date": end.strftime("%Y%m%d"),
        }
        url = API + "?" + urllib.parse.urlencode(params)
        LOG.debug("GET %s", url)
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            data = json.load(resp)
        if "error" in data:
            raise RuntimeError(data["error"].get("message", "API error"))
        return data.get("predictions", [])


def windows(preds, min_height, margin_hours):
    """A window is centred on each high tide that reaches min_height."""
    out = []
    for p in preds:
        if p.get("type") != "H":
            continue
        height = float(p["v"])
        if height < min_height:
            continue
        t = dt.datetime.strptime(p["t"], "%Y-%m-%d %H:%M")
        delta = dt.timedelta(hours=margin_hours)
        out.append((t - delta, t + delta, height))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--station", default="8443970")
    ap.add_argument("--days", type=int, default=3)
    ap.add_argument("--min-height", type=float, default=2.5)
    ap.add_argument("--margin", type=float, default=2.0, help="hours either side")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        preds = TideClient(args.station).predictions(args.days)
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("could not get predictions: %s", exc)
        raise SystemExit(1)

    found = windows(preds, args.min_height, args.margin)
    if not found:
        print("No landing windows above %.1f m in the next %d days"
              % (args.min_height, args.days))
        return
    for start, end, h in found:
        print(f"{start:%a %d %b %H:%M} - {end:%H:%M}  (high {h:.2f} m)")


if __name__ == "__main__":
    main()
