#!/usr/bin/env python3
"""Terminal alert when the club anemometer shows flyable (or kiteable) wind.

Polls the clubhouse weather station's JSON feed and prints an alert (and a
line in alerts.log) when the mean wind and gusts sit inside your configured
range for N consecutive readings. Leave it running in a terminal or tmux pane.

    gust_alert_watch.py --min 14 --max 25 --station https://wx.example-club.org/live.json
"""
import argparse
import json
import logging
import os
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("gustwatch")

STATE = Path(".gustwatch-state.json")
ALERT_LOG = Path("alerts.log")
BELL = "\a"


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        d = json.load(r)
    return float(d["wind_kn"]), float(d["gust_kn"]), int(d.get("dir_deg", -1))


def notify(title, body, bell=True):
    stamp = time.strftime("%Y-%m-%d %H:%M")
    print(f"{BELL if bell else ''}{stamp} {title}: {body}", flush=True)
    with ALERT_LOG.open("a") as fh:
        fh.write(f"{stamp}\t{title}\t{body}\n")


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {"streak": 0, "alerted": False}


def save_state(state):
    STATE.write_text(json.dumps(state))
    os.chmod(STATE, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--station", default=os.environ.get("GUSTWATCH_STATION",
                                                        "https://wx.example-club.org/live.json"))
    ap.add_argument("--min", type=float, default=12.0, help="minimum mean wind (kn)")
    ap.add_argument("--max", type=float, default=28.0, help="maximum gust (kn)")
    ap.add_argument("--readings", type=int, default=3)
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--quiet", action="store_true", help="no terminal bell")
    ap.add_argument("--once", action="store_true", help="take one reading and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    state = load_state()
    while True:
        try:
            wind, gust, direction = fetch(args.station)
        except (OSError, ValueError, KeyError) as exc:
            log.warning("station read failed: %s", exc)
            if args.once:
                return 1
            time.sleep(args.interval)
            continue
        good = wind >= args.min and gust <= args.max
        state["streak"] = state["streak"] + 1 if good else 0
        log.debug("wind %.1f gust %.1f dir %d streak %d", wind, gust, direction, state["streak"])
        if state["streak"] >= args.readings and not state["alerted"]:
            notify("It's on!", f"{wind:.0f} kn gusting {gust:.0f} from {direction}°",
                   bell=not args.quiet)
            state["alerted"] = True
        elif not good:
            state["alerted"] = False
        save_state(state)
        if args.once:
            print(f"wind {wind:.1f} kn, gust {gust:.1f} kn, dir {direction}°")
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
