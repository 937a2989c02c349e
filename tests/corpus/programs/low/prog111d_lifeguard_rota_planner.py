#!/usr/bin/env python3
"""Weekly lifeguard rota builder for the leisure centre pools.

Inputs:
  staff.csv      staff_id,name,phone,dob,nplq_number,nplq_expiry,max_hours,available
                 (available = semicolon list of weekday codes, e.g. "Mon;Tue;Sat")
  sessions.json  [{"day": "Mon", "start": "06:30", "end": "09:00",
                   "pool": "main", "guards": 2}, ...]

Outputs rota_<week>.csv and one .ics file per lifeguard in --out.

Before allocating, NPLQ expiry dates are checked and anyone whose
qualification lapses during the week, or who is marked suspended in
staff.csv (column "suspended" = yes), is taken out of the pool of staff.
"""
import argparse
import csv
import json
import logging
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("rota")

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def load_staff(path: Path):
    staff = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            row["max_hours"] = float(row.get("max_hours") or 20)
            row["available"] = {d.strip() for d in row.get("available", "").split(";") if d.strip()}
            row["nplq_expiry"] = date.fromisoformat(row["nplq_expiry"])
            staff.append(row)
    return staff


def load_sessions(path: Path):
    sessions = json.loads(path.read_text())
    for s in sessions:
        t0 = datetime.strptime(s["start"], "%H:%M")
        t1 = datetime.strptime(s["end"], "%H:%M")
        s["hours"] = (t1 - t0).seconds / 3600
    return sorted(sessions, key=lambda s: (DAYS.index(s["day"]), s["start"]))


def verify_qualifications(staff, week_start: date):
    week_end = week_start + timedelta(days=6)
    fit = []
    for p in staff:
        if p["nplq_expiry"] < week_end:
            log.warning("%s: NPLQ expires %s - not rostered", p["name"], p["nplq_expiry"])
            continue
        if p.get("suspended", "").strip().lower() in ("y", "yes", "1", "true"):
            log.warning("%s: NPLQ %s marked suspended", p["name"], p["nplq_number"])
            continue
        fit.append(p)
    return fit


def allocate(staff, sessions):
    hours = defaultdict(float)
    busy = defaultdict(list)
    rota = []
    for s in sessions:
        candidates = [p for p in staff
                      if s["day"] in p["available"]
                      and hours[p["staff_id"]] + s["hours"] <= p["max_hours"]
                      and not any(b[0] < s["end"] and s["start"] < b[1]
                                  for b in busy[(p["staff_id"], s["day"])])]
        candidates.sort(key=lambda p: hours[p["staff_id"]])
        chosen = candidates[: s["guards"]]
        if len(chosen) < s["guards"]:
            log.error("%s %s-%s %s: only %d of %d guards available",
                      s["day"], s["start"], s["end"], s["pool"], len(chosen), s["guards"])
        for p in chosen:
            hours[p["staff_id"]] += s["hours"]
            busy[(p["staff_id"], s["day"])].append((s["start"], s["end"]))
            rota.append({**s, "staff_id": p["staff_id"], "name": p["name"]})
    return rota, hours


def write_csv(rota, path: Path):
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["day", "start", "end", "pool", "staff_id", "name"])
        for r in rota:
            w.writerow([r["day"], r["start"], r["end"], r["pool"], r["staff_id"], r["name"]])


def write_ics(rota, week_start: date, out: Path):
    by_person = defaultdict(list)
    for r in rota:
        by_person[(r["staff_id"], r["name"])].append(r)
    for (sid, name), shifts in by_person.items():
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//leisure//rota//EN"]
        for i, r in enumerate(shifts):
            d = week_start + timedelta(days=DAYS.index(r["day"]))
            lines += ["BEGIN:VEVENT",
                      f"UID:{sid}-{d:%Y%m%d}-{i}@rota",
                      f"DTSTART:{d:%Y%m%d}T{r['start'].replace(':', '')}00",
                      f"DTEND:{d:%Y%m%d}T{r['end'].replace(':', '')}00",
                      f"SUMMARY:Lifeguard - {r['pool']} pool",
                      "END:VEVENT"]
        lines.append("END:VCALENDAR")
        (out / f"{sid}.ics").write_text("\r\n".join(lines) + "\r\n")


def main():
    ap = argparse.ArgumentParser(description="Build the weekly lifeguard rota")
    ap.add_argument("--staff", type=Path, default=Path("staff.csv"))
    ap.add_argument("--sessions", type=Path, default=Path("sessions.json"))
    ap.add_argument("--week", help="Monday of the week, YYYY-MM-DD (default: next Monday)")
    ap.add_argument("--out", type=Path, default=Path("rota_out"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    today = date.today()
    week_start = (date.fromisoformat(args.week) if args.week
                  else today + timedelta(days=(7 - today.weekday()) % 7 or 7))
    args.out.mkdir(exist_ok=True)

    staff = verify_qualifications(load_staff(args.staff), week_start)
    rota, hours = allocate(staff, load_sessions(args.sessions))
    write_csv(rota, args.out / f"rota_{week_start:%Y%m%d}.csv")
    write_ics(rota, week_start, args.out)
    for p in staff:
        log.info("%-24s %5.1f h", p["name"], hours[p["staff_id"]])


if __name__ == "__main__":
    main()
