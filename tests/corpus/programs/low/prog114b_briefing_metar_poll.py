#!/usr/bin/env python3
"""Collect METAR/TAF for the morning briefing sheet.

Polls the aviation weather API for the club's site and nearby reporting
aerodromes, keeps a small response cache in ./wx_cache so repeated runs
during briefing don't hammer the API, and appends decoded surface wind,
visibility and cloud base to ./wx/briefing_<date>.csv for the duty
instructor's sheet.
"""
import argparse
import csv
import hashlib
import json
import logging
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("wx_poll")

API = "https://aviationweather.gov/api/data/{kind}"
STATIONS = ["EGHL", "EGVO", "EGLF", "EGHI"]
CACHE_DIR = Path("wx_cache")
OUT_DIR = Path("wx")
CACHE_TTL = 600


def cache_key(url, params):
    raw = url + "?" + "&".join(f"{k}={params[k]}" for k in sorted(params))
    return hashlib.md5(raw.encode()).hexdigest()


def cached_get(session, url, params, ttl=CACHE_TTL):
    CACHE_DIR.mkdir(exist_ok=True)
    f = CACHE_DIR / (cache_key(url, params) + ".json")
    if f.exists() and time.time() - f.stat().st_mtime < ttl:
        return json.loads(f.read_text())
    for attempt in range(3):
        try:
            r = session.get(url, params=params, timeout=(5, 20))
            r.raise_for_status()
            data = r.json() if r.content else []
            f.write_text(json.dumps(data))
            return data
        except (requests.RequestException, ValueError) as exc:
            log.warning("%s attempt %d: %s", url, attempt + 1, exc)
            time.sleep(1 + attempt * 2)
    if f.exists():
        log.info("using stale cache for %s", params.get("ids"))
        return json.loads(f.read_text())
    return []


def lowest_ceiling(clouds):
    bases = [c.get("base") for c in clouds or []
             if c.get("cover") in ("BKN", "OVC") and c.get("base") is not None]
    return min(bases) if bases else None


def decode(metar):
    return {
        "station": metar.get("icaoId"),
        "obs_time": metar.get("reportTime"),
        "wind_dir": metar.get("wdir"),
        "wind_kt": metar.get("wspd"),
        "gust_kt": metar.get("wgst") or "",
        "vis": metar.get("visib"),
        "ceiling_ft": lowest_ceiling(metar.get("clouds")) or "",
        "temp_c": metar.get("temp"),
        "dewp_c": metar.get("dewp"),
        "qnh": metar.get("altim"),
        "raw": metar.get("rawOb"),
    }


def append_rows(rows, out_dir=OUT_DIR):
    out_dir.mkdir(exist_ok=True)
    day = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    out = out_dir / f"briefing_{day}.csv"
    new = not out.exists()
    with open(out, "a", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        if new:
            w.writeheader()
        w.writerows(rows)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stations", nargs="*", default=STATIONS)
    ap.add_argument("--taf", action="store_true", help="also print TAFs")
    ap.add_argument("--ttl", type=int, default=CACHE_TTL)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    ids = ",".join(s.upper() for s in args.stations)
    with requests.Session() as s:
        s.headers["User-Agent"] = "club-briefing/1.4"
        metars = cached_get(s, API.format(kind="metar"),
                            {"ids": ids, "format": "json"}, args.ttl)
        tafs = cached_get(s, API.format(kind="taf"),
                          {"ids": ids, "format": "json"}, args.ttl) if args.taf else []

    if not metars:
        log.error("no METARs received for %s", ids)
        return 1
    rows = [decode(m) for m in metars]
    for r in rows:
        gust = f"G{r['gust_kt']}" if r["gust_kt"] else ""
        print(f"{r['station']}  {r['wind_dir']}/{r['wind_kt']}{gust}kt  "
              f"vis {r['vis']}  cig {r['ceiling_ft'] or '-'}  QNH {r['qnh']}")
    for t in tafs:
        print("\n" + (t.get("rawTAF") or ""))
    log.info("appended to %s", append_rows(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
