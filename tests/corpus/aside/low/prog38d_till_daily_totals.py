#!/usr/bin/env python3
"""Daily till totals for a small shop.

Reads the receipt journals that the point-of-sale terminals export into
./journals/*.csv, totals them per till and payment method, converts
foreign-currency card payments with the day's reference rates and writes
./reports/totals_<date>.json plus a plain-text summary for the manager.

Parsed journals are cached in ./.cache keyed by the MD5 of their content so
re-running the report after a late export is fast.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

import requests

RATES_URL = "https://api.frankfurter.app/latest"
JOURNAL_DIR = Path("journals")
CACHE_DIR = Path(".cache")
REPORT_DIR = Path("reports")

log = logging.getLogger("till-totals")


def cache_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def parse_journal(path):
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    lines = []
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh, delimiter=";"):
            if row.get("status", "").upper() == "VOID":
                continue
            lines.append({
                "till": row["till_id"],
                "method": row["payment"].lower(),
                "currency": row.get("currency") or "EUR",
                "amount": float(row["amount"].replace(",", ".")),
            })
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(lines))
    return lines


def fetch_rates(base, timeout):
    try:
        resp = requests.get(RATES_URL, params={"from": base}, timeout=timeout)
        resp.raise_for_status()
        rates = resp.json().get("rates", {})
        rates[base] = 1.0
        return rates
    except requests.RequestException as exc:
        log.warning("could not fetch rates (%s); foreign payments left unconverted", exc)
        return {base: 1.0}


def host_label():
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip().split("=", 1)
                    info[k] = v.strip('"')
    except OSError:
        pass
    return f"{os.uname().nodename} ({info.get('PRETTY_NAME', 'unknown OS')})"


def aggregate(entries, rates, base):
    per_till = defaultdict(lambda: defaultdict(float))
    unconverted = 0
    for e in entries:
        rate = rates.get(e["currency"])
        if rate is None:
            unconverted += 1
            continue
        per_till[e["till"]][e["method"]] += e["amount"] / rate if e["currency"] != base else e["amount"]
    return {t: {m: round(v, 2) for m, v in methods.items()} for t, methods in per_till.items()}, unconverted


def write_reports(totals, unconverted, day, base):
    REPORT_DIR.mkdir(exist_ok=True)
    out = REPORT_DIR / f"totals_{day}.json"
    out.write_text(json.dumps({"date": day, "currency": base, "tills": totals,
                               "unconverted": unconverted}, indent=2))
    txt = [f"Till totals {day} ({base}) - generated on {host_label()}", ""]
    grand = 0.0
    for till in sorted(totals):
        sub = sum(totals[till].values())
        grand += sub
        parts = ", ".join(f"{m}: {v:.2f}" for m, v in sorted(totals[till].items()))
        txt.append(f"  till {till:>3}: {sub:10.2f}   [{parts}]")
    txt += ["", f"  TOTAL    : {grand:10.2f}"]
    if unconverted:
        txt.append(f"  ({unconverted} payments in unknown currencies skipped)")
    (REPORT_DIR / f"totals_{day}.txt").write_text("\n".join(txt) + "\n")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="daily till totals")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--base", default="EUR")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
    journals = sorted(JOURNAL_DIR.glob(f"*{args.day}*.csv"))
    if not journals:
        log.error("no journals for %s in %s/", args.day, JOURNAL_DIR)
        return 1
    entries = []
    for j in journals:
        try:
            entries.extend(parse_journal(j))
        except (KeyError, ValueError) as exc:
            log.error("%s: malformed row (%s)", j.name, exc)
    rates = fetch_rates(args.base, args.timeout)
    totals, unconverted = aggregate(entries, rates, args.base)
    log.info("report written: %s", write_reports(totals, unconverted, args.day, args.base))
    return 0


if __name__ == "__main__":
    sys.exit(main())
