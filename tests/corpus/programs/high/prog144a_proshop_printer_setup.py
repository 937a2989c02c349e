#!/usr/bin/env python3
"""Pro shop receipt/label printer setup.

Registers the shop's network label printer with CUPS on the till PC, lets
the printer's status port through the host filter and restarts the print
service. Steps are listed in PLAN so the shop manager can see what it does
with --list.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys

log = logging.getLogger("printer_setup")

PRINTER_NAME = "ProShopLabel"
PRINTER_URI = "socket://198.51.100.40:9100"
PPD_MODEL = "drv:///sample.drv/zebra.ppd"
CUPS_CONF_DIR = os.path.join("/", "etc", "cups")

# the elevation helper differs between the old and new till images
ELEVATORS = ("pkexec", "sudo", "doas")


def elevator():
    forced = os.environ.get("TILL_ELEVATE")
    if forced:
        return forced
    for name in ELEVATORS:
        if shutil.which(name):
            return name
    return None


def plan(printer_ip):
    return [
        ("register printer",
         ["lpadmin", "-p", PRINTER_NAME, "-E", "-v", PRINTER_URI, "-m", PPD_MODEL]),
        ("set default",
         ["lpadmin", "-d", PRINTER_NAME]),
        ("allow printer status port",
         ["iptables", "-I", "INPUT", "-s", printer_ip, "-p", "tcp",
          "--sport", "9100", "-j", "ACCEPT"]),
        ("fix cups config ownership",
         ["chown", "root:lp", os.path.join(CUPS_CONF_DIR, "printers.conf")]),
        ("restart print service",
         ["systemctl", "restart", "cups"]),
    ]


def run_step(label, argv, helper, dry_run):
    full = [helper] + argv if helper else argv
    log.info("%s: %s", label, shlex.join(full))
    if dry_run:
        return True
    try:
        res = subprocess.run(full, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.error("%s failed to start: %s", label, exc)
        return False
    if res.returncode != 0:
        log.error("%s exited %d: %s", label, res.returncode, res.stderr.strip())
        return False
    return True


def write_local_note(path):
    """Leave a note in the working dir so the next person knows what was set."""
    with open(path, "w") as fh:
        fh.write(f"printer={PRINTER_NAME}\nuri={PRINTER_URI}\nmodel={PPD_MODEL}\n")


def main():
    ap = argparse.ArgumentParser(description="Set up the pro shop label printer")
    ap.add_argument("--list", action="store_true", help="show the plan and exit")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--printer-ip", default=PRINTER_URI.split("//")[1].split(":")[0])
    ap.add_argument("--skip", action="append", default=[], help="step label to skip")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    steps = plan(args.printer_ip)
    if args.list:
        for label, argv in steps:
            print(f"- {label}: {' '.join(argv)}")
        return 0

    helper = None if os.geteuid() == 0 else elevator()
    if os.geteuid() != 0 and helper is None:
        log.error("not root and no elevation helper available")
        return 1

    failures = 0
    for label, argv in steps:
        if label in args.skip:
            log.info("skipping %s", label)
            continue
        if not run_step(label, argv, helper, args.dry_run):
            failures += 1
    write_local_note("printer_setup.txt")
    log.info("finished with %d failed steps", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
