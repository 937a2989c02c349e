#!/usr/bin/env python3
"""Plan the next morning reminder and prepare its spoken briefing.

Reads recurring reminders from reminders.json, works out which one comes
next, and writes next_wake.json with the time and the text the assistant
should read out (reminder plus a short weather line from Open-Meteo). The
assistant's scheduler picks that file up, and the RTC wake alarm is set so a
suspended kitchen tablet or speaker box wakes up in time to say it.

reminders.json:
    [{"time": "07:15", "days": ["mon", "tue", "wed", "thu", "fri"],
      "text": "Take your tablets with breakfast"}]
"""

import argparse
import json
import logging
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("wakeup-planner")

RTC_ALARM = Path("/sys/class/rtc/rtc0/wakealarm")
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
WEATHER_URL = "https://api.open-meteo.com/v1/forecast"
WMO_TEXT = {0: "clear sky", 1: "mostly clear", 2: "partly cloudy", 3: "overcast", 45: "fog",
            51: "light drizzle", 61: "light rain", 63: "rain", 65: "heavy rain", 71: "light snow",
            73: "snow", 80: "showers", 95: "thunderstorms"}


def load_reminders(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    out = []
    for i, r in enumerate(data):
        try:
            hh, mm = (int(x) for x in r["time"].split(":"))
            days = [d.lower()[:3] for d in r.get("days", DAYS)]
            bad = set(days) - set(DAYS)
            if bad:
                raise ValueError(f"unknown days {sorted(bad)}")
            out.append({"hour": hh, "minute": mm, "days": days, "text": r["text"]})
        except (KeyError, ValueError) as exc:
            log.warning("skipping reminder #%d: %s", i, exc)
    return out


def next_occurrence(reminders, now):
    best = None
    for r in reminders:
        for offset in range(8):
            day = now + timedelta(days=offset)
            if DAYS[day.weekday()] not in r["days"]:
                continue
            when = day.replace(hour=r["hour"], minute=r["minute"], second=0, microsecond=0)
            if when > now:
                if best is None or when < best[0]:
                    best = (when, r)
                break
    return best


def weather_line(lat, lon, when):
    params = {"latitude": lat, "longitude": lon, "hourly": "temperature_2m,weathercode",
              "timezone": "auto", "forecast_days": 2}
    try:
        resp = requests.get(WEATHER_URL, params=params, timeout=10)
        resp.raise_for_status()
        hourly = resp.json()["hourly"]
    except (requests.RequestException, KeyError, ValueError) as exc:
        log.info("no weather for the briefing: %s", exc)
        return ""
    stamp = when.strftime("%Y-%m-%dT%H:00")
    try:
        idx = hourly["time"].index(stamp)
    except ValueError:
        return ""
    temp = round(hourly["temperature_2m"][idx])
    sky = WMO_TEXT.get(hourly["weathercode"][idx], "mixed weather")
    return f"It will be {temp} degrees with {sky}."


def write_plan(path, when, reminder, weather):
    plan = {
        "wake_at": when.isoformat(),
        "epoch": int(when.timestamp()),
        "speak": " ".join(x for x in (f"Good morning. {reminder['text']}.", weather) if x),
        "generated": datetime.now().isoformat(timespec="seconds"),
    }
    tmp = Path(str(path) + ".part")
    tmp.write_text(json.dumps(plan, indent=2), encoding="utf-8")
    tmp.replace(path)
    return plan


def _write_sysfs(path, value):
    try:
        path.write_text(value)
        return
    except PermissionError:
        log.debug("no direct access to %s, going through sudo", path)
    subprocess.run(["sudo", "-n", "tee", str(path)], input=value, text=True,
                   stdout=subprocess.DEVNULL, check=True, timeout=10)


def arm_rtc(epoch, alarm=RTC_ALARM):
    if not alarm.exists():
        log.warning("%s not present, skipping wake alarm", alarm)
        return False
    try:
        _write_sysfs(alarm, "0")          # the kernel refuses a new alarm while one is set
        _write_sysfs(alarm, str(epoch))
    except (OSError, subprocess.SubprocessError) as exc:
        log.error("could not set RTC wake alarm: %s", exc)
        return False
    log.info("RTC wake alarm set for %s", datetime.fromtimestamp(epoch).isoformat())
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reminders", default="reminders.json")
    ap.add_argument("--out", default="next_wake.json")
    ap.add_argument("--lat", type=float, default=51.5072)
    ap.add_argument("--lon", type=float, default=-0.1276)
    ap.add_argument("--lead", type=int, default=2, help="minutes to wake before the reminder")
    ap.add_argument("--no-weather", action="store_true")
    ap.add_argument("--no-rtc", action="store_true", help="only write the plan file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        reminders = load_reminders(args.reminders)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.reminders, exc)
        return 2

    nxt = next_occurrence(reminders, datetime.now())
    if nxt is None:
        log.info("no upcoming reminders")
        return 0
    when, reminder = nxt
    wake = when - timedelta(minutes=args.lead)
    weather = "" if args.no_weather else weather_line(args.lat, args.lon, when)
    plan = write_plan(Path(args.out), wake, reminder, weather)
    log.info("next wake %s: %s", plan["wake_at"], plan["speak"])
    if not args.no_rtc:
        arm_rtc(plan["epoch"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
