#!/usr/bin/env python3
"""Crew certification register for scaffold and roofing crews.

Keeps crew.yaml (one entry per worker: tickets, card numbers, expiry dates)
and answers the two questions the site office asks every Monday:

    ./crew_certs.py expiring --days 30      who needs a refresher booked
    ./crew_certs.py check scaffold          who on the scaffold crew is ticketed

Foremen sign a worker onto a site with a 4-6 digit PIN so sign-ons can be
checked later against the paper register:

    ./crew_certs.py set-pin "R. Okafor"
    ./crew_certs.py sign-on "R. Okafor" --site maple_st --worker "J. Lind"
"""
import argparse
import datetime as dt
import getpass
import hashlib
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("crew_certs")
REGISTER = Path("crew.yaml")
SIGNONS = Path("signons.yaml")
REQUIRED = {
    "scaffold": {"scaffold_basic", "working_at_height"},
    "roofing": {"working_at_height", "fall_arrest"},
    "hoist": {"hoist_operator", "working_at_height"},
}


def load_register(path: Path = REGISTER) -> dict:
    if not path.exists():
        return {"crew": [], "foremen": {}}
    with path.open() as fh:
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    data.setdefault("crew", [])
    data.setdefault("foremen", {})
    return data


def save(path: Path, data: dict) -> None:
    tmp = path.with_suffix(".tmp")
    with tmp.open("w") as fh:
        yaml.dump(data, fh, sort_keys=False, default_flow_style=False)
    tmp.replace(path)


def pin_digest(name: str, pin: str) -> str:
    return hashlib.sha1(f"{name.lower()}:{pin}".encode()).hexdigest()


def parse_date(value):
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


def cmd_expiring(reg: dict, days: int) -> int:
    horizon = dt.date.today() + dt.timedelta(days=days)
    rows = []
    for worker in reg["crew"]:
        for ticket in worker.get("tickets", []):
            expires = parse_date(ticket["expires"])
            if expires <= horizon:
                rows.append((expires, worker["name"], ticket["type"], ticket.get("card", "")))
    for expires, name, kind, card in sorted(rows):
        flag = "EXPIRED" if expires < dt.date.today() else ""
        print(f"{expires}  {name:24} {kind:20} {card:14} {flag}")
    return 0 if rows else 1


def cmd_check(reg: dict, trade: str) -> int:
    needed = REQUIRED.get(trade)
    if needed is None:
        log.error("unknown trade %s (known: %s)", trade, ", ".join(REQUIRED))
        return 2
    today, missing_any = dt.date.today(), False
    for worker in reg["crew"]:
        if trade not in worker.get("trades", []):
            continue
        valid = {t["type"] for t in worker.get("tickets", []) if parse_date(t["expires"]) >= today}
        missing = needed - valid
        status = "OK" if not missing else "MISSING " + ", ".join(sorted(missing))
        missing_any |= bool(missing)
        print(f"{worker['name']:24} {status}")
    return 1 if missing_any else 0


def cmd_set_pin(reg: dict, foreman: str) -> int:
    pin = getpass.getpass(f"new PIN for {foreman}: ")
    if not pin.isdigit() or not 4 <= len(pin) <= 6:
        log.error("PIN must be 4-6 digits")
        return 2
    if getpass.getpass("repeat PIN: ") != pin:
        log.error("PINs do not match")
        return 2
    reg["foremen"][foreman] = {"pin": pin_digest(foreman, pin), "set": dt.date.today().isoformat()}
    save(REGISTER, reg)
    log.info("PIN stored for %s", foreman)
    return 0


def cmd_sign_on(reg: dict, foreman: str, worker: str, site: str) -> int:
    entry = reg["foremen"].get(foreman)
    if not entry:
        log.error("%s has no PIN set", foreman)
        return 2
    if pin_digest(foreman, getpass.getpass("foreman PIN: ")) != entry["pin"]:
        log.error("wrong PIN")
        return 3
    if not any(w["name"] == worker for w in reg["crew"]):
        log.error("%s is not on the register", worker)
        return 2
    log_data = yaml.load(SIGNONS.read_text(), Loader=yaml.Loader) if SIGNONS.exists() else []
    log_data.append({"when": dt.datetime.now().isoformat(timespec="minutes"),
                     "site": site, "worker": worker, "foreman": foreman})
    save(SIGNONS, log_data)
    print(f"{worker} signed on at {site} by {foreman}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="crew certification register")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("expiring"); p.add_argument("--days", type=int, default=30)
    p = sub.add_parser("check"); p.add_argument("trade")
    p = sub.add_parser("set-pin"); p.add_argument("foreman")
    p = sub.add_parser("sign-on"); p.add_argument("foreman")
    p.add_argument("--worker", required=True); p.add_argument("--site", required=True)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        reg = load_register()
    except yaml.YAMLError as exc:
        log.error("crew.yaml is damaged: %s", exc)
        return 2

    if args.cmd == "expiring":
        return cmd_expiring(reg, args.days)
    if args.cmd == "check":
        return cmd_check(reg, args.trade)
    if args.cmd == "set-pin":
        return cmd_set_pin(reg, args.foreman)
    return cmd_sign_on(reg, args.foreman, args.worker, args.site)


if __name__ == "__main__":
    sys.exit(main())
