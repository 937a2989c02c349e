#!/usr/bin/env python3
"""Give the club's FLARM, LXNav and Oudie flight recorders stable device names.

When several loggers are plugged into the clubhouse PC at once they come up
as random /dev/ttyUSB* / /dev/ttyACM* nodes. This writes a udev rule so each
known logger gets a /dev/flightrec/<name> symlink and is readable by the
'dialout' group, then reloads udev and restarts gpsd so the moving-map
display picks up the FLARM feed.

    flarm_usb_rules_installer.py --loggers loggers.json
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("udev-loggers")

RULES_PATH = Path("/etc/udev/rules.d/72-club-flight-recorders.rules")

KNOWN = {
    "flarm":  {"vendor": "0403", "product": "6015"},
    "lxnav":  {"vendor": "0483", "product": "5740"},
    "oudie":  {"vendor": "10c4", "product": "ea60"},
}


def load_loggers(path):
    loggers = dict(KNOWN)
    if path and Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            for name, ids in json.load(fh).items():
                if "vendor" in ids and "product" in ids:
                    loggers[name.lower()] = ids
                else:
                    log.warning("ignoring %s: vendor/product missing", name)
    return loggers


def render_rules(loggers, group):
    lines = ["# managed by flarm_usb_rules_installer.py - do not edit by hand"]
    for name, ids in sorted(loggers.items()):
        serial = ids.get("serial")
        match = (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{ids["vendor"]}", '
                 f'ATTRS{{idProduct}}=="{ids["product"]}"')
        if serial:
            match += f', ATTRS{{serial}}=="{serial}"'
        lines.append(f'{match}, SYMLINK+="flightrec/{name}", GROUP="{group}", MODE="0660"')
    return "\n".join(lines) + "\n"


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if not helper:
        log.error("must be run as root")
        sys.exit(1)
    log.info("re-running with %s", os.path.basename(helper))
    os.execv(helper, [helper, sys.executable, os.path.abspath(__file__), *argv])


def install(rules_text, dry_run=False):
    if RULES_PATH.exists() and RULES_PATH.read_text() == rules_text:
        log.info("%s already up to date", RULES_PATH)
        return False
    if dry_run:
        sys.stdout.write(rules_text)
        return False
    tmp = RULES_PATH.with_suffix(".new")
    tmp.write_text(rules_text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, RULES_PATH)
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty"]):
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s failed: %s", " ".join(cmd), res.stderr.strip())


def restart_gpsd():
    res = subprocess.run(["systemctl", "restart", "gpsd.socket", "gpsd.service"],
                         capture_output=True, text=True)
    if res.returncode == 0:
        log.info("gpsd restarted")
    else:
        log.warning("could not restart gpsd: %s", res.stderr.strip())


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loggers", default="loggers.json", help="extra loggers (JSON)")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-gpsd", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rules = render_rules(load_loggers(args.loggers), args.group)
    if args.dry_run:
        install(rules, dry_run=True)
        return 0

    ensure_root(argv)
    try:
        changed = install(rules)
    except OSError as exc:
        log.error("cannot write rules: %s", exc)
        return 1
    if changed:
        reload_udev()
        if not args.no_gpsd:
            restart_gpsd()
    return 0


if __name__ == "__main__":
    sys.exit(main())
