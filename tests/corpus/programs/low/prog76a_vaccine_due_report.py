#!/usr/bin/env python3
"""Vaccination due-list generator.

Reads the patient vaccination history export (vaccinations.csv) and the
clinic's protocol file (protocols.json), works out which boosters fall due
in the coming weeks, moves reminder dates off public holidays, and writes
an HTML due-list for the nurses plus a CSV the SMS reminder tool can load.
"""
import argparse
import csv
import html
import json
import logging
import sys
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("vaxdue")

HOLIDAY_API = "https://holidays.api-calendar.example/v3/PublicHolidays/{year}/{country}"
DEFAULT_PROTOCOLS = {
    "canine": {"DHPP": 1095, "Leptospirosis": 365, "Rabies": 1095, "KC": 365},
    "feline": {"FVRCP": 1095, "FeLV": 365, "Rabies": 1095},
    "rabbit": {"RHDV2": 365, "Myxo": 365},
}


def load_protocols(path):
    p = Path(path)
    if not p.exists():
        log.info("no %s, using built-in protocol intervals", path)
        return DEFAULT_PROTOCOLS
    with p.open() as fh:
        return json.load(fh)


def fetch_holidays(years, country):
    days = set()
    for year in years:
        try:
            resp = requests.get(HOLIDAY_API.format(year=year, country=country), timeout=10)
            resp.raise_for_status()
            days.update(date.fromisoformat(h["date"]) for h in resp.json())
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("holiday list for %d unavailable (%s); not adjusting", year, exc)
    return days


def next_working_day(d, holidays):
    while d.weekday() >= 5 or d in holidays:
        d += timedelta(days=1)
    return d


def latest_doses(path):
    latest = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                given = datetime.strptime(row["given_on"], "%Y-%m-%d").date()
            except (KeyError, ValueError):
                continue
            key = (row["patient_id"], row["vaccine"])
            if key not in latest or given > latest[key][0]:
                latest[key] = (given, row)
    return latest


def due_items(latest, protocols, horizon_days, holidays):
    today = date.today()
    horizon = today + timedelta(days=horizon_days)
    for (pid, vaccine), (given, row) in latest.items():
        interval = protocols.get(row.get("species", "").lower(), {}).get(vaccine)
        if not interval:
            continue
        due = given + timedelta(days=interval)
        if due > horizon:
            continue
        remind = next_working_day(max(today, due - timedelta(days=14)), holidays)
        yield {
            "patient_id": pid, "patient": row.get("patient_name", ""),
            "species": row.get("species", ""), "owner": row.get("owner_name", ""),
            "phone": row.get("owner_phone", ""), "vaccine": vaccine,
            "due": due.isoformat(), "overdue": due < today,
            "remind_on": remind.isoformat(),
        }


def write_html(items, path):
    by_week = defaultdict(list)
    for it in items:
        by_week[date.fromisoformat(it["due"]).isocalendar()[1]].append(it)
    parts = ["<html><head><meta charset='utf-8'><title>Vaccines due</title></head><body>"]
    for week in sorted(by_week):
        parts.append(f"<h2>Week {week}</h2><table border='1'><tr><th>Due</th><th>Patient</th>"
                     "<th>Species</th><th>Vaccine</th><th>Owner</th><th>Phone</th></tr>")
        for it in sorted(by_week[week], key=lambda x: x["due"]):
            style = " style='color:#b00'" if it["overdue"] else ""
            cells = [it["due"], it["patient"], it["species"], it["vaccine"], it["owner"], it["phone"]]
            parts.append(f"<tr{style}>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    Path(path).write_text("\n".join(parts), encoding="utf-8")


def write_csv(items, path):
    fields = ["patient_id", "patient", "owner", "phone", "vaccine", "due", "remind_on"]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(items)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--history", default="vaccinations.csv")
    ap.add_argument("--protocols", default="protocols.json")
    ap.add_argument("--weeks", type=int, default=6)
    ap.add_argument("--country", default="GB")
    ap.add_argument("--html", default="vaccines_due.html")
    ap.add_argument("--csv", default="reminders.csv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        latest = latest_doses(args.history)
    except OSError as exc:
        log.error("cannot read %s: %s", args.history, exc)
        return 1
    protocols = load_protocols(args.protocols)
    this_year = date.today().year
    holidays = fetch_holidays({this_year, this_year + 1}, args.country)

    items = sorted(due_items(latest, protocols, args.weeks * 7, holidays), key=lambda x: x["due"])
    write_html(items, args.html)
    write_csv(items, args.csv)
    overdue = sum(1 for i in items if i["overdue"])
    log.info("%d boosters due in %d weeks (%d overdue) -> %s, %s",
             len(items), args.weeks, overdue, args.html, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
