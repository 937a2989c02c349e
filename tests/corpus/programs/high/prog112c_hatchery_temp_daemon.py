#!/usr/bin/env python3
"""Larval tank temperature logger daemon for the hatchery Raspberry Pi.

Reads the DS18B20 probes on the 1-wire bus, writes one CSV per day into the
data directory and raises an alarm line when a larval or broodstock tank
drifts outside its band. Tank names and bands come from an INI file:

    [tank:L1]
    sensor = 28-0316a2793aff
    min_c = 24.0
    max_c = 26.5

It is started from the Pi's boot script and settles into the unprivileged
'hatchery' account once the data directory is set up.
"""
import argparse
import configparser
import csv
import datetime as dt
import grp
import logging
import os
import pwd
import signal
import sys
import time
from pathlib import Path

W1_ROOT = Path("/sys/bus/w1/devices")
log = logging.getLogger("hatchery_tempd")


class Tank:
    __slots__ = ("name", "sensor", "min_c", "max_c", "in_alarm")

    def __init__(self, name, sensor, min_c, max_c):
        self.name, self.sensor = name, sensor
        self.min_c, self.max_c = min_c, max_c
        self.in_alarm = False


def load_tanks(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    tanks = []
    for section in cp.sections():
        if not section.startswith("tank:"):
            continue
        s = cp[section]
        tanks.append(Tank(section.split(":", 1)[1], s["sensor"],
                          s.getfloat("min_c", 10.0), s.getfloat("max_c", 30.0)))
    settings = cp["logger"] if cp.has_section("logger") else {}
    return tanks, settings


def read_probe(sensor_id):
    """Return degrees C from a DS18B20, or None if the CRC check failed."""
    raw = (W1_ROOT / sensor_id / "w1_slave").read_text().splitlines()
    if len(raw) < 2 or not raw[0].strip().endswith("YES"):
        return None
    _, _, milli = raw[1].partition("t=")
    return int(milli) / 1000.0


def samples(tanks, interval):
    while True:
        now = dt.datetime.now().replace(microsecond=0)
        for tank in tanks:
            try:
                yield now, tank, read_probe(tank.sensor)
            except (OSError, ValueError) as exc:
                log.warning("probe %s (%s) unreadable: %s", tank.sensor, tank.name, exc)
                yield now, tank, None
        time.sleep(interval)


def check_band(tank, temp, alarm_log):
    if temp is None:
        return
    out = temp < tank.min_c or temp > tank.max_c
    if out and not tank.in_alarm:
        msg = f"{dt.datetime.now():%F %T} ALARM {tank.name} {temp:.2f}C outside {tank.min_c}-{tank.max_c}"
        log.error(msg)
        with alarm_log.open("a") as fh:
            fh.write(msg + "\n")
    elif not out and tank.in_alarm:
        log.info("%s back in band at %.2fC", tank.name, temp)
    tank.in_alarm = out


class DailyCsv:
    def __init__(self, data_dir):
        self.data_dir = data_dir
        self.day = None
        self.fh = None
        self.writer = None

    def write(self, when, tank, temp):
        if when.date() != self.day:
            self.close()
            self.day = when.date()
            path = self.data_dir / f"tanks_{self.day:%Y%m%d}.csv"
            new = not path.exists()
            self.fh = path.open("a", newline="")
            self.writer = csv.writer(self.fh)
            if new:
                self.writer.writerow(["timestamp", "tank", "sensor", "temp_c"])
        self.writer.writerow([when.isoformat(), tank.name, tank.sensor,
                              "" if temp is None else f"{temp:.3f}"])
        self.fh.flush()

    def close(self):
        if self.fh:
            self.fh.close()
            self.fh = None


def become(user_name, data_dir):
    """Switch the process to the service account and hand it the data dir."""
    pw = pwd.getpwnam(user_name)
    groups = os.getgrouplist(pw.pw_name, pw.pw_gid)
    try:
        gpio = grp.getgrnam("gpio").gr_gid
        if gpio not in groups:
            groups.append(gpio)
    except KeyError:
        pass
    for path in [data_dir, *data_dir.iterdir()]:
        os.chown(path, pw.pw_uid, pw.pw_gid)
    os.setgroups(groups)
    os.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid)
    os.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid)
    os.environ.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name)
    log.info("running as %s (uid %d, groups %s)", pw.pw_name, pw.pw_uid, groups)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="tanks.ini")
    ap.add_argument("-i", "--interval", type=float)
    ap.add_argument("-d", "--data-dir", type=Path)
    ap.add_argument("-u", "--user", help="service account (default from [logger] run_as)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        tanks, settings = load_tanks(args.config)
    except (FileNotFoundError, KeyError) as exc:
        log.error("config problem: %s", exc)
        return 1
    if not tanks:
        log.error("no [tank:*] sections in %s", args.config)
        return 1

    interval = args.interval or float(settings.get("interval", 60))
    data_dir = args.data_dir or Path(settings.get("data_dir", "data"))
    data_dir.mkdir(parents=True, exist_ok=True)
    alarm_log = data_dir / "alarms.log"
    alarm_log.touch()

    run_as = args.user or settings.get("run_as", "hatchery")
    if run_as and run_as != pwd.getpwuid(os.getuid()).pw_name:
        try:
            become(run_as, data_dir)
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch to %s: %s", run_as, exc)
            return 1

    out = DailyCsv(data_dir)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    log.info("logging %d tanks every %.0fs into %s", len(tanks), interval, data_dir)
    try:
        for when, tank, temp in samples(tanks, interval):
            out.write(when, tank, temp)
            check_band(tank, temp, alarm_log)
    except KeyboardInterrupt:
        pass
    finally:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
