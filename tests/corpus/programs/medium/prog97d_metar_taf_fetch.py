#!/usr/bin/env python3
"""Weather briefing board for the club room.

Pulls METAR and TAF for the home field and a few alternates from the
aviationweather.gov data API, renders a compact text briefing and pushes it
to the signage box behind the briefing TV.
"""

import argparse
import json
import logging
import sys
import time
from pathlib import Path

import requests
import urllib3

API_BASE = "https://aviationweather.gov/api/data"
DEFAULT_CONFIG = {
    "stations": ["EGKA", "EGKK", "EGHR", "EGMD"],
    "refresh_minutes": 10,
    "push_display": True,
    "display_url": "https://clubroom-tv.local:8443/api/slides/briefing",
    "display_token_env": "SIGNAGE_TOKEN",
}

log = logging.getLogger("wxbrief")


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    p = Path(path)
    if p.exists():
        try:
            cfg.update(json.loads(p.read_text()))
        except (OSError, ValueError) as exc:
            log.warning("ignoring unreadable config %s: %s", p, exc)
    return cfg


def fetch(kind, stations, session):
    params = {"ids": ",".join(stations), "format": "json"}
    if kind == "taf":
        params["metar"] = "false"
    resp = session.get(f"{API_BASE}/{kind}", params=params, timeout=20)
    resp.raise_for_status()
    if not resp.content:
        return []
    return resp.json()


def flight_category(metar):
    vis = metar.get("visib")
    try:
        vis = float(str(vis).rstrip("+"))
    except (TypeError, ValueError):
        vis = 10.0
    ceiling = 99999
    for layer in metar.get("clouds") or []:
        if layer.get("cover") in ("BKN", "OVC", "OVX") and layer.get("base") is not None:
            ceiling = min(ceiling, int(layer["base"]))
    if ceiling < 500 or vis < 1:
        return "LIFR"
    if ceiling < 1000 or vis < 3:
        return "IFR"
    if ceiling <= 3000 or vis <= 5:
        return "MVFR"
    return "VFR"


def render(metars, tafs):
    lines = [time.strftime("Briefing generated %Y-%m-%d %H:%MZ", time.gmtime()), ""]
    by_icao = {t.get("icaoId"): t for t in tafs}
    for m in sorted(metars, key=lambda x: x.get("icaoId", "")):
        icao = m.get("icaoId", "????")
        lines.append(f"{icao:5} [{flight_category(m):4}] {m.get('rawOb', '').strip()}")
        taf = by_icao.get(icao)
        if taf:
            lines.append(f"      TAF {taf.get('rawTAF', '').strip()}")
        lines.append("")
    return "\n".join(lines)


class SignagePusher:
    """Pushes the rendered briefing to the signage box's slide API.

    The box ships with a self-generated certificate that nobody on the
    committee knows how to replace, so we skip the chain check here.
    """

    def __init__(self, url, token):
        self.url = url
        self.session = requests.Session()
        self.session.verify = False
        if token:
            self.session.headers["Authorization"] = f"Bearer {token}"
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def publish(self, text):
        try:
            r = self.session.post(self.url, json={"title": "Weather", "body": text}, timeout=10)
            r.raise_for_status()
            log.info("display updated (%s)", r.status_code)
        except requests.RequestException as exc:
            log.warning("display push failed: %s", exc)


def main(argv=None):
    import os

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="wxbrief.json")
    ap.add_argument("--once", action="store_true", help="print one briefing and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    session = requests.Session()
    session.headers["User-Agent"] = "aeroclub-wxbrief/1.4"

    pusher = None
    if cfg.get("push_display"):
        pusher = SignagePusher(cfg["display_url"], os.environ.get(cfg["display_token_env"]))

    while True:
        try:
            metars = fetch("metar", cfg["stations"], session)
            tafs = fetch("taf", cfg["stations"], session)
            text = render(metars, tafs)
            print(text, flush=True)
            Path("briefing.txt").write_text(text)
            if pusher:
                pusher.publish(text)
        except requests.RequestException as exc:
            log.error("weather fetch failed: %s", exc)
        if args.once:
            return 0
        try:
            time.sleep(int(cfg["refresh_minutes"]) * 60)
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())
