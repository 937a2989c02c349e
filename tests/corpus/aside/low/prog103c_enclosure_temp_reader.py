#!/usr/bin/env python3
"""Read-only temperature reader for the DS18B20 probes in the reptile house.

Reads every 1-Wire probe on the bus, maps probe IDs to enclosure names using
probes.ini, and appends readings to a daily CSV under ./logs. Readings that
drift outside an enclosure's configured band are reported on stderr so the
keeper on shift sees them in the cron mail.

probes.ini example:

    [probes]
    28-0316a2797aff = vivarium_3_basking
    28-0416b1c4e2ff = tortoise_house_floor

    [band:vivarium_3_basking]
    min = 30.0
    max = 38.5
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import pathlib
import sys
import time

W1_ROOT = pathlib.Path("/sys/bus/w1/devices")

log = logging.getLogger("enclosure-temp")


def bus_present():
    """True when the 1-Wire bus is up and at least one probe is enumerated."""
    return W1_ROOT.is_dir() and any(W1_ROOT.glob("28-*"))


def load_probe_map(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        log.warning("no probe map at %s, using raw probe ids", path)
        return {}, {}
    names = dict(cp["probes"]) if cp.has_section("probes") else {}
    bands = {}
    for section in cp.sections():
        if not section.startswith("band:"):
            continue
        enclosure = section.split(":", 1)[1]
        try:
            bands[enclosure] = (cp.getfloat(section, "min"), cp.getfloat(section, "max"))
        except (configparser.NoOptionError, ValueError) as exc:
            log.warning("ignoring band for %s: %s", enclosure, exc)
    return names, bands


def read_probe(device_dir):
    lines = (device_dir / "w1_slave").read_text().splitlines()
    if len(lines) < 2 or not lines[0].strip().endswith("YES"):
        raise ValueError("CRC check failed")
    _, sep, milli = lines[1].partition("t=")
    if not sep:
        raise ValueError("no temperature field")
    return int(milli) / 1000.0


def scan(names, retries=2):
    for dev in sorted(W1_ROOT.glob("28-*")):
        probe_id = dev.name
        enclosure = names.get(probe_id, probe_id)
        for attempt in range(retries + 1):
            try:
                yield enclosure, probe_id, read_probe(dev)
                break
            except (OSError, ValueError) as exc:
                if attempt == retries:
                    log.warning("probe %s (%s) unreadable: %s", probe_id, enclosure, exc)
                else:
                    time.sleep(0.75)


def append_rows(out_dir, rows):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"enclosure-temps-{dt.date.today().isoformat()}.csv"
    new_file = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["timestamp", "enclosure", "probe_id", "celsius"])
        writer.writerows(rows)
    return path


def check_bands(rows, bands):
    alerts = 0
    for ts, enclosure, probe_id, celsius in rows:
        band = bands.get(enclosure)
        if band is None:
            continue
        lo, hi = band
        if not lo <= celsius <= hi:
            alerts += 1
            print(f"ALERT {ts} {enclosure}: {celsius:.2f}C outside {lo}-{hi}C", file=sys.stderr)
    return alerts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--probes", default="probes.ini")
    ap.add_argument("--out", default="logs", type=pathlib.Path)
    ap.add_argument("--interval", type=float, default=0, help="seconds between scans; 0 = scan once")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not bus_present():
        log.error("1-Wire bus not available; enable dtoverlay=w1-gpio in config.txt "
                  "and reboot, then check the probe harness")
        return 2

    names, bands = load_probe_map(args.probes)
    while True:
        ts = dt.datetime.now().isoformat(timespec="seconds")
        rows = [(ts, enc, pid, round(c, 3)) for enc, pid, c in scan(names)]
        if rows:
            path = append_rows(args.out, rows)
            log.info("wrote %d readings to %s", len(rows), path)
            check_bands(rows, bands)
        else:
            log.warning("scan returned no readings")
        if args.interval <= 0:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
