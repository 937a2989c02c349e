#!/usr/bin/env python3
"""Fabric stock tracker for the curtain workroom.

Keeps a small ledger of fabric bolts in stock.json: receive new bolts,
record cuts, and print a low-stock report. With --check-supplier it also
asks each supplier's public availability endpoint whether a finished
fabric can be re-ordered, caching answers for a day.

    stock.py receive HT-4471 "Harlow Linen Natural" 30 --supplier harlow
    stock.py cut HT-4471 4.2 --job 1187
    stock.py report --below 5 --check-supplier
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("stock")

LEDGER = Path("stock.json")
CACHE_DIR = Path(".cache/availability")
CACHE_TTL = 24 * 3600
SUPPLIER_ENDPOINTS = {
    "harlow": "https://trade.harlowtextiles.example/api/availability/{code}",
    "brightmoor": "https://portal.brightmoor-fabrics.example/stock/{code}.json",
}


def load_ledger():
    if LEDGER.exists():
        return json.loads(LEDGER.read_text())
    return {"bolts": {}, "cuts": []}


def save_ledger(data):
    tmp = LEDGER.with_suffix(".json.new")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True))
    os.chmod(tmp, 0o600)
    tmp.replace(LEDGER)


def os_label():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return sys.platform


def cache_path(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".json")


def supplier_availability(supplier, code, session):
    template = SUPPLIER_ENDPOINTS.get(supplier)
    if not template:
        return None
    url = template.format(code=code)
    cached = cache_path(url)
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        return json.loads(cached.read_text())
    try:
        resp = session.get(url, timeout=10)
        resp.raise_for_status()
        answer = resp.json()
    except (requests.RequestException, ValueError) as exc:
        log.warning("%s %s: %s", supplier, code, exc)
        return None
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(answer))
    return answer


def cmd_receive(args, data):
    bolt = data["bolts"].setdefault(args.code, {"name": args.name, "metres": 0.0,
                                                "supplier": args.supplier})
    bolt["metres"] = round(bolt["metres"] + args.metres, 2)
    bolt["received"] = dt.date.today().isoformat()
    log.info("%s now %.2f m", args.code, bolt["metres"])


def cmd_cut(args, data):
    bolt = data["bolts"].get(args.code)
    if bolt is None:
        raise SystemExit(f"unknown bolt {args.code}")
    if args.metres > bolt["metres"]:
        raise SystemExit(f"only {bolt['metres']:.2f} m left on {args.code}")
    bolt["metres"] = round(bolt["metres"] - args.metres, 2)
    data["cuts"].append({"code": args.code, "metres": args.metres, "job": args.job,
                         "at": dt.datetime.now().isoformat(timespec="seconds")})
    log.info("cut %.2f m from %s for job %s, %.2f m left",
             args.metres, args.code, args.job, bolt["metres"])


def cmd_report(args, data):
    session = requests.Session()
    session.headers["User-Agent"] = f"workroom-stock/1.3 ({os_label()})"
    low = sorted((b["metres"], code, b) for code, b in data["bolts"].items()
                 if b["metres"] < args.below)
    if not low:
        print(f"nothing below {args.below} m")
        return
    print(f"{'code':<10} {'fabric':<30} {'left':>6}  supplier")
    for metres, code, bolt in low:
        extra = ""
        if args.check_supplier:
            info = supplier_availability(bolt.get("supplier"), code, session)
            if info:
                extra = f"  ({'available' if info.get('in_stock') else 'out'}"
                extra += f", {info.get('lead_days', '?')} days)"
        print(f"{code:<10} {bolt['name'][:30]:<30} {metres:>6.2f}  {bolt.get('supplier', '-')}{extra}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Track fabric bolts in the workroom")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("receive")
    r.add_argument("code"); r.add_argument("name"); r.add_argument("metres", type=float)
    r.add_argument("--supplier", default="")
    c = sub.add_parser("cut")
    c.add_argument("code"); c.add_argument("metres", type=float)
    c.add_argument("--job", default="-")
    p = sub.add_parser("report")
    p.add_argument("--below", type=float, default=5.0)
    p.add_argument("--check-supplier", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    data = load_ledger()
    {"receive": cmd_receive, "cut": cmd_cut, "report": cmd_report}[args.cmd](args, data)
    if args.cmd != "report":
        save_ledger(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
