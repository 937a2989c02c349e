#!/usr/bin/env python3
"""Weekly takings summary from the till Z-reports.

Reads the Z-report CSVs copied into ./zreports, totals cash, card and
gift-aid-tagged sales per day, marks bank holidays (the shop trades
differently on those), and writes summary_<week>.json and a plain-text
version the manager pastes into the area office email.

Parsed reports are cached by content hash in ./.cache so re-running the
summary on a Monday morning is instant.

    zreport_weekly_summary.py [--week 2024-W18] [--dir zreports]
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("zsummary")
CACHE = Path(".cache/zreports")
BANK_HOLIDAYS_URL = "https://www.gov.uk/bank-holidays.json"


def till_identity():
    """Which till image produced this summary (for the area office's records)."""
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                key, _, val = line.strip().partition("=")
                if key in ("PRETTY_NAME", "VERSION_ID"):
                    info[key.lower()] = val.strip('"')
    except OSError:
        pass
    info["node"] = os.uname().nodename
    return info


def bank_holidays(region="england-and-wales"):
    try:
        with urllib.request.urlopen(BANK_HOLIDAYS_URL, timeout=10) as resp:
            data = json.load(resp)
        return {e["date"] for e in data[region]["events"]}
    except (urllib.error.URLError, KeyError, ValueError) as exc:
        log.warning("bank holiday list unavailable: %s", exc)
        return set()


def parse_report(path):
    raw = path.read_bytes()
    key = hashlib.md5(raw).hexdigest()
    cached = CACHE / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    totals = defaultdict(lambda: Decimal("0"))
    for row in csv.reader(raw.decode("latin-1").splitlines()):
        if len(row) < 2:
            continue
        label, value = row[0].strip().upper(), row[1].strip().replace("£", "")
        try:
            amount = Decimal(value)
        except Exception:
            continue
        if label in ("CASH", "CARD", "GIFTAID", "REFUND", "GROSS"):
            totals[label.lower()] += amount
    result = {k: str(v) for k, v in totals.items()}
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(result))
    return result


def week_bounds(week):
    year, wk = week.split("-W")
    start = dt.date.fromisocalendar(int(year), int(wk), 1)
    return start, start + dt.timedelta(days=6)


def main():
    last_week = (dt.date.today() - dt.timedelta(days=7)).isocalendar()
    ap = argparse.ArgumentParser(description="Summarise a week of Z-reports")
    ap.add_argument("--week", default=f"{last_week[0]}-W{last_week[1]:02d}")
    ap.add_argument("--dir", default="zreports")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    start, end = week_bounds(args.week)
    holidays = bank_holidays()
    days = {}
    for path in sorted(Path(args.dir).glob("*.csv")):
        day = dt.date.fromtimestamp(path.stat().st_mtime)
        if not start <= day <= end:
            continue
        totals = parse_report(path)
        totals["bank_holiday"] = day.isoformat() in holidays
        days[day.isoformat()] = totals

    if not days:
        log.error("no Z-reports found for %s in %s", args.week, args.dir)
        return 1

    grand = sum(Decimal(d.get("gross", "0")) for d in days.values())
    summary = {"week": args.week, "till": till_identity(), "days": days, "gross": str(grand)}
    out = Path(f"summary_{args.week}.json")
    out.write_text(json.dumps(summary, indent=2))
    os.chmod(out, 0o600)

    lines = [f"Takings w/c {start:%d %b %Y}"]
    for day, t in days.items():
        flag = " (bank holiday)" if t["bank_holiday"] else ""
        lines.append(f"  {day}: gross £{t.get('gross', '0')}, card £{t.get('card', '0')},"
                     f" gift aid £{t.get('giftaid', '0')}{flag}")
    lines.append(f"  Week total: £{grand}")
    Path(f"summary_{args.week}.txt").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
