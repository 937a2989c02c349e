#!/usr/bin/env python3
"""Log gravity and temperature from the cellar's hydrometer bridge.

Each fermenter has a floating hydrometer (Tilt / iSpindel style) that
reports to a small bridge on the cellar network.  The bridge serves the
latest reading of every float as JSON.  This logger polls it, appends to a
per-tank CSV, works out apparent attenuation against the batch's original
gravity and warns when a tank drifts outside its temperature band.

    tilt_gravity_logger.py --bridge http://192.168.30.12/readings.json
"""

import argparse
import csv
import hashlib
import json
import logging
import sys
import time
from datetime import datetime
from pathlib import Path
from urllib.error import URLError
from urllib.request import Request, urlopen

log = logging.getLogger("gravlog")

TANKS_FILE = Path("tanks.json")
LOG_DIR = Path("fv_logs")
CACHE_DIR = Path(".bridge_cache")


def fetch_readings(url, timeout=10):
    req = Request(url, headers={"Accept": "application/json", "User-Agent": "gravity-logger/1.2"})
    with urlopen(req, timeout=timeout) as resp:
        body = resp.read()
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5(url.encode()).hexdigest()
    (CACHE_DIR / f"{key}.json").write_bytes(body)
    return json.loads(body)


def load_tanks():
    tanks = json.loads(TANKS_FILE.read_text())
    return {t["float_id"]: t for t in tanks["tanks"] if t.get("active", True)}


def attenuation(og, sg):
    if og is None or og <= 1.0:
        return None
    return 100.0 * (og - sg) / (og - 1.0)


def append(tank, sg, temp, att):
    LOG_DIR.mkdir(exist_ok=True)
    path = LOG_DIR / f"{tank}_gravity.csv"
    new = not path.exists()
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "sg", "temp_c", "apparent_attenuation"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), f"{sg:.4f}", f"{temp:.2f}",
                    "" if att is None else f"{att:.1f}"])


def check_band(name, tank, temp):
    lo, hi = tank.get("min_c"), tank.get("max_c")
    if lo is not None and temp < lo:
        log.warning("%s at %.1f C, below %.1f C (%s)", name, temp, lo, tank.get("batch", "?"))
    elif hi is not None and temp > hi:
        log.warning("%s at %.1f C, above %.1f C (%s)", name, temp, hi, tank.get("batch", "?"))


def poll(url, tanks):
    try:
        readings = fetch_readings(url)
    except (URLError, TimeoutError, ValueError) as exc:
        log.error("bridge unreachable: %s", exc)
        return 0
    seen = 0
    for r in readings.get("floats", []):
        tank = tanks.get(r.get("id"))
        if tank is None:
            continue
        try:
            sg = float(r["sg"])
            temp = float(r["temp_c"])
        except (KeyError, TypeError, ValueError):
            log.warning("incomplete reading from float %s", r.get("id"))
            continue
        att = attenuation(tank.get("og"), sg)
        append(tank["name"], sg, temp, att)
        check_band(tank["name"], tank, temp)
        if att is not None and att >= tank.get("target_attenuation", 101):
            log.info("%s reached target attenuation (%.1f%%)", tank["name"], att)
        seen += 1
    return seen


def main(argv=None):
    ap = argparse.ArgumentParser(description="Log gravity from the hydrometer bridge")
    ap.add_argument("--bridge", default="http://192.168.30.12/readings.json")
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        tanks = load_tanks()
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read %s: %s", TANKS_FILE, exc)
        return 1

    try:
        while True:
            n = poll(args.bridge, tanks)
            log.info("logged %d floats", n)
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
