#!/usr/bin/env python3
"""Poll the cold store temperature logger and write a status file.

The cold store logger has a small HTTP status page that returns JSON.
We poll it, keep a rolling CSV in the working directory, and write a
status.json the office dashboard reads. Writes are atomic so the
dashboard never reads half a file.
"""
import argparse
import csv
import json
import logging
import os
import tempfile
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("coldstore")

LOGGER_URL = os.environ.get("COLDSTORE_URL", "http://coldstore.example.com/status.json")
LIMITS = {"min_c": 1.0, "max_c": 4.5, "max_rh": 98.0}


def host_label():
    """Pretty name of the OS for the dashboard footer."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown OS"


def fetch(url, timeout):
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    data = resp.json()
    return {"temp_c": float(data["temperature"]), "rh": float(data["humidity"]),
            "door": data.get("door", "unknown")}


def evaluate(reading):
    alarms = []
    if reading["temp_c"] < LIMITS["min_c"]:
        alarms.append("too cold, risk of freezing the caps")
    if reading["temp_c"] > LIMITS["max_c"]:
        alarms.append("too warm, shelf life at risk")
    if reading["rh"] > LIMITS["max_rh"]:
        alarms.append("condensation risk")
    if reading["door"] == "open":
        alarms.append("door open")
    return alarms


def atomic_write(path, text):
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=".status-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def append_csv(path, reading):
    new = not Path(path).exists()
    with open(path, "a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "temp_c", "rh", "door"])
        w.writerow([datetime.now().isoformat(timespec="seconds"),
                    reading["temp_c"], reading["rh"], reading["door"]])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=LOGGER_URL)
    ap.add_argument("--interval", type=float, default=60)
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    footer = host_label()

    while True:
        try:
            reading = fetch(args.url, args.timeout)
            alarms = evaluate(reading)
            append_csv("coldstore.csv", reading)
            atomic_write("status.json", json.dumps(
                {"reading": reading, "alarms": alarms, "host": footer,
                 "updated": int(time.time())}, indent=2))
            for a in alarms:
                log.warning("ALARM: %s", a)
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.error("poll failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
