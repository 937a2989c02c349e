#!/usr/bin/env python3
"""Monthly mooring invoice batch.

Reads the berth ledger (one row per stay), prices each stay with the
harbour tariff, renders a plain-text invoice per berth holder and sends it
through the marina's SMTP relay.  The parsed ledger is cached next to the
export so re-runs for the same month (e.g. after an SMTP hiccup) are quick.
"""
import argparse
import csv
import hashlib
import logging
import os
import pickle
import smtplib
import sys
from collections import defaultdict
from datetime import date, datetime
from email.message import EmailMessage
from pathlib import Path
from string import Template

log = logging.getLogger("mooring_invoices")

CACHE_DIR = Path(".cache")

SEASON_BASE = {"high": 4.10, "shoulder": 3.20, "low": 2.35}

INVOICE = Template("""\
$marina
Mooring invoice $number    Date: $issued

To: $holder
Berth: $berth

$lines

Total due: EUR $total
Payment within 14 days to IBAN $iban, reference $number.
""")


def tariff(loa_m, nights, season):
    rate = SEASON_BASE[season] * max(loa_m, 8.0)
    if nights >= 28:
        rate *= 0.72
    elif nights >= 7:
        rate *= 0.88
    return round(rate * nights, 2)


def season_of(day):
    if day.month in (6, 7, 8):
        return "high"
    if day.month in (4, 5, 9, 10):
        return "shoulder"
    return "low"


def _parse_ledger(path, month):
    stays = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            start = datetime.strptime(row["from"], "%Y-%m-%d").date()
            end = datetime.strptime(row["to"], "%Y-%m-%d").date()
            if start.strftime("%Y-%m") != month:
                continue
            stays[(row["holder_email"], row["holder_name"], row["berth"])].append(
                (start, (end - start).days, float(row["loa_m"])))
    return dict(stays)


def read_ledger(path, month):
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    cached = CACHE_DIR / f"ledger-{month}-{digest}.pkl"
    if cached.exists():
        with cached.open("rb") as fh:
            log.info("using cached ledger %s", cached.name)
            return pickle.load(fh)
    stays = _parse_ledger(path, month)
    CACHE_DIR.mkdir(exist_ok=True)
    with cached.open("wb") as fh:
        pickle.dump(stays, fh)
    return stays


def render(key, items, seq):
    email, name, berth = key
    lines, total = [], 0.0
    for start, nights, loa in items:
        amount = tariff(loa, nights, season_of(start))
        total += amount
        lines.append(f"  {start:%d %b} {nights:>3} nights  LOA {loa:>5.1f} m  EUR {amount:>9.2f}")
    return INVOICE.substitute(
        marina=os.environ.get("MARINA_NAME", "Harbour Marina"),
        number=f"MOOR-{date.today():%Y%m}-{seq:04d}", issued=date.today().isoformat(),
        holder=name, berth=berth, lines="\n".join(lines), total=f"{total:.2f}",
        iban=os.environ.get("MARINA_IBAN", "see statement")), email


def send_all(invoices, dry_run):
    if dry_run:
        for body, to in invoices:
            print(f"--- {to}\n{body}")
        return
    host = os.environ.get("SMTP_HOST", "localhost")
    with smtplib.SMTP(host, int(os.environ.get("SMTP_PORT", "587")), timeout=30) as smtp:
        smtp.starttls()
        if os.environ.get("SMTP_USER"):
            smtp.login(os.environ["SMTP_USER"], os.environ["SMTP_PASSWORD"])
        for body, to in invoices:
            msg = EmailMessage()
            msg["From"] = os.environ.get("INVOICE_FROM", "accounts@marina.local")
            msg["To"] = to
            msg["Subject"] = "Your mooring invoice"
            msg.set_content(body)
            smtp.send_message(msg)
            log.info("sent invoice to %s", to)


def main():
    ap = argparse.ArgumentParser(description="Mail monthly mooring invoices")
    ap.add_argument("ledger")
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        stays = read_ledger(args.ledger, args.month)
    except (OSError, KeyError, ValueError) as exc:
        log.error("ledger unusable: %s", exc)
        return 1
    invoices = [render(k, v, i) for i, (k, v) in enumerate(sorted(stays.items()), 1)]
    log.info("%d invoices for %s", len(invoices), args.month)
    send_all(invoices, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
