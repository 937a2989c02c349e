#!/usr/bin/env python3
"""Garden irrigation controller using the sysfs GPIO interface.

Each zone is a relay on a GPIO line. The schedule lives in zones.json:

    [{"name": "lawn", "gpio": 17, "start": "06:00", "minutes": 12,
      "days": ["mon", "wed", "fri"]}]

Relays are active-low on the common 4-channel boards.
"""
import datetime as dt
import json
import logging
import sys
import time
from pathlib import Path

GPIO_ROOT = Path("/sys/class/gpio")
ACTIVE_LOW = True
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

log = logging.getLogger("irrigation")


class Relay:
    def __init__(self, line: int):
        self.line = line
        self.path = GPIO_ROOT / f"gpio{line}"

    def export(self) -> None:
        if not self.path.exists():
            (GPIO_ROOT / "export").write_text(str(self.line))
            # udev needs a moment to create the attribute files
            for _ in range(20):
                if (self.path / "direction").exists():
                    break
                time.sleep(0.05)
        (self.path / "direction").write_text("high" if ACTIVE_LOW else "low")

    def set(self, on: bool) -> None:
        level = (not on) if ACTIVE_LOW else on
        (self.path / "value").write_text("1" if level else "0")

    def unexport(self) -> None:
        if self.path.exists():
            self.set(False)
            (GPIO_ROOT / "unexport").write_text(str(self.line))


def load_zones(path: Path):
    zones = json.loads(path.read_text())
    for z in zones:
        z["start_time"] = dt.datetime.strptime(z["start"], "%H:%M").time()
        z["days"] = [d.lower()[:3] for d in z.get("days", DAYS)]
    return zones


def due_zones(zones, now: dt.datetime):
    today = DAYS[now.weekday()]
    for z in zones:
        if today not in z["days"]:
            continue
        start = dt.datetime.combine(now.date(), z["start_time"])
        end = start + dt.timedelta(minutes=z["minutes"])
        yield z, start <= now < end


def rain_skip(path: Path = Path("rain_today.flag")) -> bool:
    """A weather job drops this flag when more than 5mm of rain fell."""
    return path.exists() and path.read_text().strip() == "1"


def main() -> int:
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    zones = load_zones(Path(sys.argv[1] if len(sys.argv) > 1 else "zones.json"))
    relays = {z["name"]: Relay(z["gpio"]) for z in zones}
    for r in relays.values():
        r.export()
        r.set(False)
    state = {name: False for name in relays}

    try:
        while True:
            now = dt.datetime.now()
            skip = rain_skip()
            for zone, active in due_zones(zones, now):
                want = active and not skip
                if want != state[zone["name"]]:
                    relays[zone["name"]].set(want)
                    state[zone["name"]] = want
                    log.info("zone %s -> %s", zone["name"], "ON" if want else "off")
            time.sleep(15)
    except KeyboardInterrupt:
        log.info("stopping, closing all valves")
    finally:
        for r in relays.values():
            r.unexport()
    return 0


if __name__ == "__main__":
    sys.exit(main())
