#!/usr/bin/env python3
"""Poll METARs for the club's airfields plus the clubhouse weather station and
flag when conditions drop below the gliding / skydiving minima in minima.ini.

Run from the launch point laptop:  ./metar_minima_checker.py --config minima.ini
"""
import argparse
import configparser
import logging
import os
import time

import requests
import urllib3

log = logging.getLogger("minima")

METAR_URL = "https://aviationweather.gov/api/data/metar"

DEFAULTS = {
    "stations": "EGHL,EGLD",
    "interval": "300",
    "min_ceiling_ft": "2500",
    "min_visibility_m": "5000",
    "max_wind_kt": "20",
    # Davis console behind the clubhouse router, ships with its own cert
    "field_station": "https://192.168.10.20/v1/current_conditions",
}

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class WeatherClient:
    def __init__(self, cfg):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "club-minima/1.4"
        self.session.verify = False

    def metars(self, stations):
        resp = self.session.get(
            METAR_URL, params={"ids": ",".join(stations), "format": "json"}, timeout=20
        )
        resp.raise_for_status()
        return resp.json()

    def field_wind(self):
        url = self.cfg.get("field_station")
        if not url:
            return None
        try:
            data = self.session.get(url, timeout=5).json()
        except (requests.RequestException, ValueError) as exc:
            log.debug("field station unavailable: %s", exc)
            return None
        cond = (data.get("data") or {}).get("conditions") or [{}]
        return cond[0].get("wind_speed_hi_last_10_min")


def load_config(path):
    cp = configparser.ConfigParser()
    cp["minima"] = DEFAULTS
    if path and os.path.exists(path):
        cp.read(path)
    return cp["minima"]


def lowest_ceiling(clouds):
    layers = [c.get("base") for c in clouds or [] if c.get("cover") in ("BKN", "OVC")]
    layers = [b for b in layers if b is not None]
    return min(layers) if layers else None


def visibility_m(raw):
    if raw in (None, ""):
        return None
    try:
        return int(float(str(raw).rstrip("+")) * 1609)
    except ValueError:
        return None


def evaluate(report, cfg, field_gust=None):
    problems = []
    ceiling = lowest_ceiling(report.get("clouds"))
    if ceiling is not None and ceiling < cfg.getint("min_ceiling_ft"):
        problems.append(f"ceiling {ceiling}ft")
    vis = visibility_m(report.get("visib"))
    if vis is not None and vis < cfg.getint("min_visibility_m"):
        problems.append(f"visibility {vis}m")
    wind = max(report.get("wspd") or 0, report.get("wgst") or 0, field_gust or 0)
    if wind > cfg.getint("max_wind_kt"):
        problems.append(f"wind {wind}kt")
    return problems


def poll_once(client, cfg):
    stations = [s.strip().upper() for s in cfg["stations"].split(",") if s.strip()]
    try:
        reports = client.metars(stations)
    except requests.RequestException as exc:
        log.warning("METAR fetch failed: %s", exc)
        return
    gust = client.field_wind()
    for rep in reports:
        issues = evaluate(rep, cfg, gust)
        ident = rep.get("icaoId", "????")
        if issues:
            log.warning("%s BELOW MINIMA: %s | %s", ident, ", ".join(issues), rep.get("rawOb"))
        else:
            log.info("%s ok | %s", ident, rep.get("rawOb"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="minima.ini")
    ap.add_argument("--once", action="store_true", help="poll a single time and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    client = WeatherClient(cfg)

    while True:
        poll_once(client, cfg)
        if args.once:
            break
        time.sleep(cfg.getint("interval"))


if __name__ == "__main__":
    main()
