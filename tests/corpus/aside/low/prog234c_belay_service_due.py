#!/usr/bin/env python3
"""Auto-belay service-due planner.

Reads the auto-belay register (CSV) and works out, per unit, when the next
manufacturer service is due: every 12 months or every N cycles, whichever
comes first, based on the average daily cycle rate. Writes a plan sorted by
due date to the working directory and flags units due within the window.
"""

import argparse
import csv
import logging
import sys
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("service-due")


@dataclass
class Unit:
    unit_id: str
    wall: str
    serviced: date
    cycles_at_service: int
    cycles_now: int
    daily_rate: float

    def due_by_date(self, months):
        return self.serviced + timedelta(days=round(months * 30.44))

    def due_by_cycles(self, limit, today):
        remaining = limit - (self.cycles_now - self.cycles_at_service)
        if remaining <= 0:
            return today
        if self.daily_rate <= 0:
            return None
        return today + timedelta(days=int(remaining / self.daily_rate))

    def next_due(self, months, limit, today):
        candidates = [self.due_by_date(months)]
        by_cycles = self.due_by_cycles(limit, today)
        if by_cycles:
            candidates.append(by_cycles)
        return min(candidates)


def read_register(path):
    units = []
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                units.append(Unit(
                    unit_id=row["unit"].strip(),
                    wall=row["wall"].strip(),
                    serviced=date.fromisoformat(row["last_service"].strip()),
                    cycles_at_service=int(row["cycles_at_service"]),
                    cycles_now=int(row["cycles_now"]),
                    daily_rate=float(row.get("daily_rate") or 0),
                ))
            except (KeyError, ValueError) as exc:
                LOG.warning("line %d skipped: %s", lineno, exc)
    return units


def write_plan(rows, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["unit", "wall", "next_due", "days_left", "flag"])
        for unit, due, days, flag in rows:
            writer.writerow([unit.unit_id, unit.wall, due.isoformat(), days, flag])
    LOG.info("plan written to %s", out_path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--register", default="belay_register.csv")
    parser.add_argument("--out", default="service_plan.csv")
    parser.add_argument("--months", type=float, default=12)
    parser.add_argument("--cycle-limit", type=int, default=60000)
    parser.add_argument("--window", type=int, default=30,
                        help="flag units due within this many days")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.register).is_file():
        LOG.error("register %s not found", args.register)
        return 1

    today = date.today()
    units = read_register(args.register)
    rows = []
    for u in units:
        due = u.next_due(args.months, args.cycle_limit, today)
        days = (due - today).days
        if days < 0:
            flag = "OVERDUE"
        elif days <= args.window:
            flag = "SOON"
        else:
            flag = ""
        rows.append((u, due, days, flag))
    rows.sort(key=lambda r: r[1])

    write_plan(rows, args.out)
    flagged = [r for r in rows if r[3]]
    for u, due, days, flag in flagged:
        print(f"{flag:8} {u.unit_id:<8} {u.wall:<14} due {due} ({days}d)")
    LOG.info("%d units, %d flagged", len(units), len(flagged))
    return 0


if __name__ == "__main__":
    sys.exit(main())
