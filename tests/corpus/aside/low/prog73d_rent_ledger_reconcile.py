#!/usr/bin/env python3
"""Match bank statement credits against the rent ledger.

Inputs (CSV, in the working directory by default):
  ledger.csv      tenant_id,unit,period,amount_due,reference
  statement.csv   bank export: date,description,amount,balance

Payments are matched first on the tenant reference appearing in the bank
description, then on exact amount within the period, and finally on amount
within a tolerance. Produces reconciliation.csv and a short summary.
Parsed statements are cached under .recon_cache/ keyed by file content so
re-runs during month-end are instant.
"""
import argparse
import csv
import hashlib
import json
import logging
import re
import shutil
import sys
from collections import defaultdict
from datetime import datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("rent-recon")
CACHE_DIR = Path(".recon_cache")
REF_RE = re.compile(r"\b(T\d{5,7})\b", re.I)


def money(text):
    cleaned = text.replace(",", "").replace("$", "").strip()
    try:
        return Decimal(cleaned).quantize(Decimal("0.01"))
    except InvalidOperation:
        raise ValueError(f"bad amount {text!r}")


def cache_key(path):
    digest = hashlib.md5(path.read_bytes()).hexdigest()
    return CACHE_DIR / f"{path.stem}-{digest}.json"


def load_statement(path, date_fmt):
    cached = cache_key(path)
    if cached.exists():
        log.debug("statement cache hit %s", cached.name)
        rows = json.loads(cached.read_text())
        for r in rows:
            r["amount"] = Decimal(r["amount"])
        return rows
    rows = []
    with path.open(newline="") as fh:
        for line in csv.DictReader(fh):
            amount = money(line["amount"])
            if amount <= 0:
                continue
            rows.append({
                "date": datetime.strptime(line["date"], date_fmt).date().isoformat(),
                "description": line["description"].strip(),
                "amount": amount,
            })
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps([dict(r, amount=str(r["amount"])) for r in rows]))
    return rows


def load_ledger(path):
    with path.open(newline="") as fh:
        return [dict(r, amount_due=money(r["amount_due"])) for r in csv.DictReader(fh)]


def reconcile(ledger, credits, tolerance):
    by_ref = {r["reference"].upper(): r for r in ledger if r.get("reference")}
    open_items = {id(r): r for r in ledger}
    results, unmatched = [], []
    by_amount = defaultdict(list)
    for r in ledger:
        by_amount[r["amount_due"]].append(r)

    for c in credits:
        match, how = None, None
        ref = REF_RE.search(c["description"])
        if ref and ref.group(1).upper() in by_ref and id(by_ref[ref.group(1).upper()]) in open_items:
            match, how = by_ref[ref.group(1).upper()], "reference"
        if match is None:
            exact = [r for r in by_amount.get(c["amount"], []) if id(r) in open_items]
            if len(exact) == 1:
                match, how = exact[0], "amount"
        if match is None:
            near = [r for r in open_items.values() if abs(r["amount_due"] - c["amount"]) <= tolerance]
            if len(near) == 1:
                match, how = near[0], "tolerance"
        if match is None:
            unmatched.append(c)
            continue
        open_items.pop(id(match))
        results.append({**c, "tenant_id": match["tenant_id"], "unit": match["unit"],
                        "period": match["period"], "due": match["amount_due"],
                        "variance": c["amount"] - match["amount_due"], "method": how})
    return results, unmatched, list(open_items.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ledger", type=Path, default=Path("ledger.csv"))
    ap.add_argument("--statement", type=Path, default=Path("statement.csv"))
    ap.add_argument("--out", type=Path, default=Path("reconciliation.csv"))
    ap.add_argument("--date-format", default="%d/%m/%Y")
    ap.add_argument("--tolerance", type=money, default=Decimal("1.00"))
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
    try:
        ledger = load_ledger(args.ledger)
        credits = load_statement(args.statement, args.date_format)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot load inputs: %s", exc)
        return 2

    matched, unmatched, outstanding = reconcile(ledger, credits, args.tolerance)
    with args.out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["date", "tenant_id", "unit", "period", "paid", "due", "variance", "method", "description"])
        for m in matched:
            w.writerow([m["date"], m["tenant_id"], m["unit"], m["period"], m["amount"],
                        m["due"], m["variance"], m["method"], m["description"]])
        for u in unmatched:
            w.writerow([u["date"], "", "", "", u["amount"], "", "", "unmatched", u["description"]])

    log.info("matched %d payments, %d unmatched credits, %d ledger items outstanding",
             len(matched), len(unmatched), len(outstanding))
    for item in outstanding:
        log.info("  outstanding: %s unit %s %s %s", item["tenant_id"], item["unit"],
                 item["period"], item["amount_due"])
    return 0 if not unmatched else 1


if __name__ == "__main__":
    sys.exit(main())
