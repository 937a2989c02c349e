#!/usr/bin/env python3
"""Monthly member billing export.

Collects each member's plan, extra desk days, meeting-room hours and laser
minutes for the billing period, prices them from billing.ini and writes
invoices_<period>.csv for the bookkeeper.  With --push the lines are also
sent to the accounting system as draft invoices.

The export keeps itself scheduled for the 1st of every month; pass
--no-timer for one-off runs.
"""

import argparse
import calendar
import configparser
import csv
import json
import logging
import os
import subprocess
import sys
import urllib.parse
import urllib.request
from collections import defaultdict
from datetime import date, datetime
from decimal import Decimal, ROUND_HALF_UP
from pathlib import Path

LOG = logging.getLogger("billing-export")

UNIT_DIR = Path.home() / ".config" / "systemd" / "user"
UNIT_NAME = "member-billing-export"


def period_bounds(period):
    year, month = (int(p) for p in period.split("-"))
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def previous_period(today=None):
    today = today or date.today()
    year, month = (today.year, today.month - 1) if today.month > 1 else (today.year - 1, 12)
    return f"{year:04d}-{month:02d}"


def api_get(base, path, token, **params):
    url = f"{base.rstrip('/')}{path}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, headers={"Authorization": f"Token {token}",
                                               "Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def laser_minutes(csv_path, start, end):
    totals = defaultdict(Decimal)
    if not Path(csv_path).exists():
        LOG.warning("no laser log at %s, skipping laser time", csv_path)
        return totals
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            day = datetime.fromisoformat(row["finished_at"]).date()
            if start <= day <= end:
                totals[row["member_id"]] += Decimal(row["minutes"])
    return totals


def money(value):
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def build_lines(members, usage, laser, rates):
    lines = []
    for m in members:
        mid = str(m["id"])
        u = usage.get(mid, {})
        items = [(f"{m['plan']} membership", Decimal(1), Decimal(rates.get("plans", m["plan"])))]
        if u.get("extra_days"):
            items.append(("extra desk days", Decimal(u["extra_days"]), Decimal(rates["usage"]["desk_day"])))
        if u.get("room_hours"):
            items.append(("meeting room hours", Decimal(str(u["room_hours"])), Decimal(rates["usage"]["room_hour"])))
        if laser.get(mid):
            items.append(("laser minutes", laser[mid], Decimal(rates["usage"]["laser_minute"])))
        for desc, qty, unit in items:
            lines.append({"member_id": mid, "member": m["name"], "email": m["email"],
                          "description": desc, "quantity": str(qty),
                          "unit_price": str(money(unit)), "amount": str(money(qty * unit))})
    return lines


def write_csv(lines, path):
    fields = ["member_id", "member", "email", "description", "quantity", "unit_price", "amount"]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(lines)
    LOG.info("wrote %d invoice lines to %s", len(lines), path)


def push_drafts(lines, base, key, period):
    by_member = defaultdict(list)
    for line in lines:
        by_member[line["member_id"]].append(line)
    for mid, items in by_member.items():
        payload = json.dumps({"contact_ref": mid, "reference": f"HIVE-{period}-{mid}",
                              "status": "draft", "lines": items}).encode()
        req = urllib.request.Request(f"{base.rstrip('/')}/invoices", data=payload, method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {key}"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            LOG.debug("draft for %s -> HTTP %s", mid, resp.status)
    LOG.info("pushed %d draft invoices", len(by_member))


def ensure_timer(workdir):
    """Keep the export scheduled for 06:00 on the 1st of each month."""
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    script = Path(__file__).resolve()
    service = (f"[Unit]\nDescription=Member billing export\n\n[Service]\nType=oneshot\n"
               f"WorkingDirectory={workdir}\nEnvironmentFile=-{workdir}/billing.env\n"
               f"ExecStart={sys.executable} {script} --push --no-timer\n")
    timer = ("[Unit]\nDescription=Monthly member billing export\n\n[Timer]\n"
             "OnCalendar=*-*-01 06:00:00\nPersistent=true\n\n[Install]\nWantedBy=timers.target\n")
    (UNIT_DIR / f"{UNIT_NAME}.service").write_text(service)
    (UNIT_DIR / f"{UNIT_NAME}.timer").write_text(timer)
    for cmd in (["systemctl", "--user", "daemon-reload"],
                ["systemctl", "--user", "enable", "--now", f"{UNIT_NAME}.timer"]):
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            LOG.warning("%s: %s", " ".join(cmd), result.stderr.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Monthly member billing export")
    ap.add_argument("--period", default=previous_period(), help="YYYY-MM (default: last month)")
    ap.add_argument("-c", "--config", default="billing.ini")
    ap.add_argument("--push", action="store_true", help="create draft invoices in accounting")
    ap.add_argument("--no-timer", dest="timer", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    rates = configparser.ConfigParser()
    if not rates.read(args.config):
        LOG.error("missing %s", args.config)
        return 2
    portal = rates.get("portal", "url")
    token = os.environ.get("PORTAL_TOKEN")
    if not token:
        LOG.error("PORTAL_TOKEN is not set")
        return 2

    start, end = period_bounds(args.period)
    try:
        members = api_get(portal, "/members", token, status="billable", month=args.period)["results"]
        usage = api_get(portal, "/usage/summary", token, start=start.isoformat(), end=end.isoformat())
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("portal request failed: %s", exc)
        return 1

    laser = laser_minutes(rates.get("laser", "jobs_csv", fallback="jobs.csv"), start, end)
    lines = build_lines(members, usage, laser, rates)
    write_csv(lines, f"invoices_{args.period}.csv")

    if args.push:
        push_drafts(lines, rates.get("accounting", "url"),
                    os.environ.get("ACCOUNTING_API_KEY", ""), args.period)
    if args.timer:
        ensure_timer(os.getcwd())
    return 0


if __name__ == "__main__":
    sys.exit(main())
