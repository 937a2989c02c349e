#!/usr/bin/env python3
"""Plan well-water sampling visits for the coming days.

Customers on a sampling contract are listed in customers.csv with the date
of their last sample and how often (in weeks) the contract says we must
return.  This works out who is due, packs them into days (max N visits per
engineer-day, grouped by postcode district so the van is not zig-zagging),
and writes visits.csv plus an .ics calendar for the engineers' phones.
Optionally emails the plan through the office SMTP relay.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import smtplib
import sys
from dataclasses import dataclass
from email.message import EmailMessage
from itertools import groupby
from pathlib import Path

log = logging.getLogger("visits")


@dataclass
class Customer:
    ref: str
    name: str
    postcode: str
    last_sample: dt.date
    interval_weeks: int
    engineer_email: str

    @property
    def due(self) -> dt.date:
        return self.last_sample + dt.timedelta(weeks=self.interval_weeks)

    @property
    def district(self) -> str:
        return self.postcode.split()[0].upper()


def load_customers(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Customer(row["ref"], row["name"], row["postcode"],
                               dt.date.fromisoformat(row["last_sample"]),
                               int(row.get("interval_weeks") or 26),
                               row.get("engineer_email", ""))
            except (KeyError, ValueError) as exc:
                log.warning("bad customer row %s: %s", row.get("ref"), exc)


def working_days(start: dt.date, count: int):
    day = start
    produced = 0
    while produced < count:
        if day.weekday() < 5:
            yield day
            produced += 1
        day += dt.timedelta(days=1)


def plan(customers, days, per_day: int) -> dict:
    horizon = days[-1]
    due = sorted((c for c in customers if c.due <= horizon),
                 key=lambda c: (c.due, c.district))
    due.sort(key=lambda c: c.district)
    schedule = {d: [] for d in days}
    queue = [c for _, grp in groupby(due, key=lambda c: c.district) for c in grp]
    for day in days:
        while queue and len(schedule[day]) < per_day:
            schedule[day].append(queue.pop(0))
    if queue:
        log.warning("%d due visits did not fit in the window", len(queue))
    return schedule


def write_csv(schedule: dict, path: Path) -> None:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["date", "ref", "customer", "postcode", "overdue_days"])
        for day, visits in schedule.items():
            for c in visits:
                w.writerow([day.isoformat(), c.ref, c.name, c.postcode,
                            max(0, (day - c.due).days)])


def write_ics(schedule: dict, path: Path) -> None:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//drillco//visits//EN"]
    for day, visits in schedule.items():
        for i, c in enumerate(visits):
            lines += ["BEGIN:VEVENT",
                      f"UID:{c.ref}-{day:%Y%m%d}@visits",
                      f"DTSTART;VALUE=DATE:{day:%Y%m%d}",
                      f"SUMMARY:Sample {c.ref} {c.name} ({c.postcode})",
                      f"DESCRIPTION:Stop {i + 1} of {len(visits)}",
                      "END:VEVENT"]
    lines.append("END:VCALENDAR")
    path.write_text("\r\n".join(lines) + "\r\n")


def email_plan(cfg, csv_path: Path, recipients) -> None:
    msg = EmailMessage()
    msg["Subject"] = f"Sampling visits from {dt.date.today():%d %b}"
    msg["From"] = cfg.get("mail", "from")
    msg["To"] = ", ".join(sorted(recipients))
    msg.set_content("Tomorrow's sampling visits are attached.")
    msg.add_attachment(csv_path.read_bytes(), maintype="text", subtype="csv",
                       filename=csv_path.name)
    with smtplib.SMTP(cfg.get("mail", "smtp_host"), 25, timeout=30) as smtp:
        smtp.send_message(msg)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, default=Path("visit_reminder.ini"))
    ap.add_argument("--days", type=int, default=5)
    ap.add_argument("--email", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    customers = list(load_customers(Path(cfg.get("schedule", "customers"))))
    days = list(working_days(dt.date.today() + dt.timedelta(days=1), args.days))
    schedule = plan(customers, days, cfg.getint("schedule", "max_visits_per_day", fallback=6))

    write_csv(schedule, Path("visits.csv"))
    write_ics(schedule, Path("visits.ics"))
    total = sum(len(v) for v in schedule.values())
    log.info("%d visits planned over %d days", total, len(days))

    if args.email and total:
        recipients = {c.engineer_email for v in schedule.values() for c in v if c.engineer_email}
        try:
            email_plan(cfg, Path("visits.csv"), recipients or {cfg.get("mail", "from")})
        except (OSError, smtplib.SMTPException) as exc:
            log.error("could not send plan: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
