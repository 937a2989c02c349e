#!/usr/bin/env python3
"""Print bag labels for the junior kit order.

Takes the kit order export (one row per player: name, squad, shirt size,
shorts size, socks, shirt number) and prints one label per player bag on the
club's Brother QL label printer, grouped by squad so the kit volunteer can
pack in order.

The first run on a new laptop sets up device access for the printer so
labels can be printed without being in the lp group.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
import textwrap
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("kit_labels")

PRINTER_VENDOR = "04f9"      # Brother Industries
PRINTER_PRODUCTS = ("209b", "209c", "20a7")   # QL-800 / QL-810W / QL-1100
QUEUE = "Brother_QL"


class PrinterAccess:
    rules_dir = Path("/etc/udev/rules.d")
    rules_name = "72-club-label-printer.rules"

    def rule_text(self):
        lines = ["# Club kit label printer - allow desktop user to print directly"]
        for prod in PRINTER_PRODUCTS:
            lines.append(
                f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{PRINTER_VENDOR}", '
                f'ATTRS{{idProduct}}=="{prod}", MODE="0666", TAG+="uaccess"')
        return "\n".join(lines) + "\n"

    def installed(self):
        p = self.rules_dir / self.rules_name
        return p.exists() and p.read_text() == self.rule_text()

    def install(self):
        target = self.rules_dir / self.rules_name
        target.write_text(self.rule_text())
        target.chmod(0o644)
        log.info("wrote %s", target)
        if shutil.which("udevadm"):
            subprocess.run(["udevadm", "control", "--reload-rules"], check=False)
            subprocess.run(["udevadm", "trigger", "--subsystem-match=usb"], check=False)


def read_orders(path):
    by_squad = defaultdict(list)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            name = row.get("player", "").strip()
            if not name:
                continue
            by_squad[row.get("squad", "Unknown").strip()].append(row)
    for squad in by_squad:
        by_squad[squad].sort(key=lambda r: r["player"].split()[-1].lower())
    return by_squad


def label_text(row):
    num = row.get("shirt_number", "").strip()
    lines = [
        row["player"].strip().upper(),
        f"{row.get('squad', '').strip()}  #{num}" if num else row.get("squad", "").strip(),
        f"Shirt {row.get('shirt_size', '?')}  Shorts {row.get('shorts_size', '?')}  "
        f"Socks {row.get('socks_size', '?')}",
    ]
    extra = row.get("extras", "").strip()
    if extra:
        lines += textwrap.wrap("+ " + extra, 30)
    return "\n".join(lines) + "\n"


def print_label(text, queue, dry_run):
    if dry_run:
        print(text)
        print("-" * 32)
        return True
    res = subprocess.run(["lp", "-d", queue, "-o", "media=62x100mm", "-"],
                         input=text, text=True, capture_output=True)
    if res.returncode != 0:
        log.error("lp failed: %s", res.stderr.strip())
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Print junior kit bag labels")
    ap.add_argument("orders", help="kit order CSV export")
    ap.add_argument("--queue", default=QUEUE)
    ap.add_argument("--squad", action="append", help="only these squads")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-setup", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.skip_setup:
        access = PrinterAccess()
        if not access.installed():
            try:
                access.install()
            except PermissionError:
                log.warning("could not set up printer access (run once as administrator)")

    orders = read_orders(args.orders)
    printed = 0
    for squad in sorted(orders):
        if args.squad and squad not in args.squad:
            continue
        log.info("%s: %d bags", squad, len(orders[squad]))
        for row in orders[squad]:
            if print_label(label_text(row), args.queue, args.dry_run):
                printed += 1
    log.info("printed %d labels", printed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
