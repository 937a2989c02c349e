#!/usr/bin/env python3
"""Plan turning and release dates for wheels in the aging room.

Reads the wheel register (CSV), works out when each wheel needs turning and
when it is ready to sell, and writes a schedule in the chosen format.
"""
import argparse
import csv
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("ripeness")

# style -> (days to maturity, turn every N days)
PROFILES = {
    "bloomy": (42, 2),
    "washed": (60, 3),
    "alpine": (240, 7),
    "cheddar": (270, 14),
    "blue": (90, 4),
}


@dataclass
class Wheel:
    wheel_id: str
    style: str
    made: date

    @property
    def ready(self):
        return self.made + timedelta(days=PROFILES[self.style][0])

    def turns_between(self, start, end):
        step = PROFILES[self.style][1]
        d = self.made + timedelta(days=step)
        while d <= min(end, self.ready):
            if d >= start:
                yield d
            d += timedelta(days=step)


def read_register(path):
    wheels = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            style = row.get("style", "").strip().lower()
            if style not in PROFILES:
                log.warning("unknown style %r for wheel %s", style, row.get("id"))
                continue
            wheels.append(Wheel(row["id"], style, date.fromisoformat(row["made"])))
    return wheels


def build_plan(wheels, start, days):
    end = start + timedelta(days=days)
    plan = {}
    for w in wheels:
        for d in w.turns_between(start, end):
            plan.setdefault(d.isoformat(), []).append(f"turn {w.wheel_id}")
        if start <= w.ready <= end:
            plan.setdefault(w.ready.isoformat(), []).append(f"release {w.wheel_id}")
    return dict(sorted(plan.items()))


def as_text(plan):
    return "\n".join(f"{day}: {', '.join(tasks)}" for day, tasks in plan.items()) + "\n"


def as_json(plan):
    return json.dumps(plan, indent=2)


def as_csv(plan):
    return "date,task\n" + "".join(f"{d},{t}\n" for d, ts in plan.items() for t in ts)


WRITERS = {name[3:]: fn for name, fn in globals().items() if name.startswith("as_")}


def cache_key(path, start, days):
    digest = hashlib.md5(Path(path).read_bytes()).hexdigest()
    return f"{digest[:12]}-{start}-{days}"


def main():
    ap = argparse.ArgumentParser(description="Aging room schedule planner")
    ap.add_argument("register", help="wheel register CSV (id,style,made)")
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--start", type=date.fromisoformat, default=date.today())
    ap.add_argument("--format", choices=sorted(WRITERS), default="text")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        wheels = read_register(args.register)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot read register: %s", exc)
        return 1
    key = cache_key(args.register, args.start, args.days)
    out = Path("schedules") / f"plan-{key}.{args.format}"
    if out.exists():
        log.info("schedule unchanged, see %s", out)
        return 0
    out.parent.mkdir(exist_ok=True)
    out.write_text(WRITERS[args.format](build_plan(wheels, args.start, args.days)))
    os.chmod(out, 0o600)
    log.info("%d wheels planned, schedule in %s", len(wheels), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
