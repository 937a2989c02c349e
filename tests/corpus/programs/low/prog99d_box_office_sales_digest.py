#!/usr/bin/env python3
"""Weekly box office sales digest for the Monday programming meeting.

Reads the nightly sales exports (exports/sales-YYYY-MM-DD.csv) for the last
N days and produces reports/digest-<week>.md with ticket counts, income by
show, channel split (online / counter / phone) and a note of any bank
holidays in the period, which skew comparisons with the previous week.

Bank holidays come from the GOV.UK feed and are cached in .cache/ so the
digest can be rebuilt offline.
"""
import argparse
import csv
import datetime as dt
import hashlib
import http.client
import json
import logging
import os
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("sales_digest")

CACHE_DIR = Path(".cache")
HOLIDAY_HOST = "www.gov.uk"
HOLIDAY_PATH = "/bank-holidays.json"
DIVISION = os.environ.get("BANK_HOLIDAY_DIVISION", "england-and-wales")


def _cache_path(key: str) -> Path:
    return CACHE_DIR / (hashlib.md5(key.encode("utf-8")).hexdigest() + ".json")


def bank_holidays(max_age_days: int = 7) -> list[dict]:
    cache = _cache_path(f"https://{HOLIDAY_HOST}{HOLIDAY_PATH}")
    if cache.exists():
        age = dt.datetime.now().timestamp() - cache.stat().st_mtime
        if age < max_age_days * 86400:
            return json.loads(cache.read_text())
    conn = http.client.HTTPSConnection(HOLIDAY_HOST, timeout=10)
    try:
        conn.request("GET", HOLIDAY_PATH, headers={"Accept": "application/json"})
        resp = conn.getresponse()
        if resp.status != 200:
            raise OSError(f"HTTP {resp.status} from {HOLIDAY_HOST}")
        events = json.loads(resp.read())[DIVISION]["events"]
    finally:
        conn.close()
    CACHE_DIR.mkdir(exist_ok=True)
    cache.write_text(json.dumps(events))
    return events


def sales_rows(export_dir: Path, start: dt.date, end: dt.date):
    day = start
    while day <= end:
        path = export_dir / f"sales-{day.isoformat()}.csv"
        if path.exists():
            with path.open(newline="", encoding="utf-8-sig") as fh:
                for row in csv.DictReader(fh):
                    yield day, row
        else:
            log.warning("no export for %s", day)
        day += dt.timedelta(days=1)


def summarise(rows):
    shows = defaultdict(lambda: {"tickets": 0, "income": Decimal("0")})
    channels = defaultdict(int)
    refunds = 0
    for _day, row in rows:
        qty = int(row.get("qty") or 1)
        value = Decimal(row.get("net") or "0")
        if row.get("type", "sale") == "refund":
            refunds += qty
            qty, value = -qty, -abs(value)
        shows[row["show"]]["tickets"] += qty
        shows[row["show"]]["income"] += value
        channels[row.get("channel", "unknown").lower()] += qty
    return shows, channels, refunds


def render(start, end, shows, channels, refunds, holidays) -> str:
    total_t = sum(s["tickets"] for s in shows.values())
    total_i = sum((s["income"] for s in shows.values()), Decimal("0"))
    out = [f"# Box office digest {start:%d %b} - {end:%d %b %Y}", "",
           f"**{total_t} tickets, £{total_i:,.2f} net** ({refunds} refunded)", "",
           "| Show | Tickets | Net income |", "|---|---:|---:|"]
    for name, s in sorted(shows.items(), key=lambda kv: kv[1]["income"], reverse=True):
        out.append(f"| {name} | {s['tickets']} | £{s['income']:,.2f} |")
    out += ["", "## Channels", ""]
    for ch, n in sorted(channels.items(), key=lambda kv: -kv[1]):
        pct = 100 * n / total_t if total_t else 0
        out.append(f"- {ch}: {n} ({pct:.0f}%)")
    if holidays:
        out += ["", "## Bank holidays in period", ""]
        out += [f"- {h['date']}: {h['title']}" for h in holidays]
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description="Build the weekly sales digest")
    ap.add_argument("--exports", type=Path, default=Path("exports"))
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--end", type=dt.date.fromisoformat, default=dt.date.today() - dt.timedelta(days=1))
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    start = args.end - dt.timedelta(days=args.days - 1)
    shows, channels, refunds = summarise(sales_rows(args.exports, start, args.end))
    if not shows:
        log.error("no sales found between %s and %s", start, args.end)
        return 1

    holidays = []
    if not args.offline:
        try:
            holidays = [h for h in bank_holidays()
                        if start.isoformat() <= h["date"] <= args.end.isoformat()]
        except (OSError, KeyError, ValueError) as exc:
            log.warning("bank holiday lookup failed: %s", exc)

    reports = Path("reports")
    reports.mkdir(exist_ok=True)
    target = reports / f"digest-{args.end:%G-W%V}.md"
    target.write_text(render(start, args.end, shows, channels, refunds, holidays), encoding="utf-8")
    os.chmod(target, 0o600)
    log.info("wrote %s", target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
