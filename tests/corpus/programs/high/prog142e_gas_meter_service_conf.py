#!/usr/bin/env python3
"""Gas meter logger configuration tool.

Edits the settings of the gas-meter logging service (pulse meter on the
furnace line and the annealer line) and applies them by reloading the
service. Meant to be used by whoever looks after the studio server.
"""
import argparse
import configparser
import io
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("meterconf")

CONF_DIR = Path(os.environ.get("METER_CONF_DIR", "/etc/glassworks"))
CONF_FILE = CONF_DIR / "gasmeter.conf"
UNIT = "gasmeter-logger"

DEFAULTS = {
    "meter": {"pulse_pin": "22", "litres_per_pulse": "10", "line": "furnace"},
    "output": {"csv_dir": "/var/lib/gasmeter", "interval_s": "60"},
    "alerts": {"max_m3_per_hour": "6.5", "email": "studio@example.com"},
}


def load_conf():
    cp = configparser.ConfigParser()
    cp.read_dict(DEFAULTS)
    if CONF_FILE.exists():
        cp.read(CONF_FILE)
    return cp


def save_conf(cp):
    CONF_DIR.mkdir(parents=True, exist_ok=True)
    if CONF_FILE.exists():
        backup = CONF_FILE.with_suffix(".conf." + time.strftime("%Y%m%d%H%M%S"))
        shutil.copy2(CONF_FILE, backup)
        log.info("backup saved to %s", backup)
    buf = io.StringIO()
    cp.write(buf)
    tmp = CONF_FILE.with_suffix(".tmp")
    tmp.write_text(buf.getvalue())
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    tmp.replace(CONF_FILE)
    log.info("wrote %s", CONF_FILE)


def apply_service(action="restart"):
    ctl = "system" + "ctl"
    cmd = [ctl, action, f"{UNIT}.service"]
    if os.geteuid() != 0:
        cmd.insert(0, "sudo")
    log.info("running: %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("service %s failed: %s", action, res.stderr.strip())
        return False
    return True


def parse_assignment(text):
    # "section.key=value"
    if "=" not in text or "." not in text.split("=", 1)[0]:
        raise ValueError(f"bad setting {text!r}, expected section.key=value")
    left, value = text.split("=", 1)
    section, key = left.split(".", 1)
    return section.strip(), key.strip(), value.strip()


def main():
    ap = argparse.ArgumentParser(description="Configure the gas meter logger")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("show")
    s = sub.add_parser("set")
    s.add_argument("settings", nargs="+", help="section.key=value")
    s.add_argument("--no-restart", action="store_true")
    sub.add_parser("restart")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cp = load_conf()
    if args.cmd == "show":
        cp.write(sys.stdout)
        return 0
    if args.cmd == "restart":
        return 0 if apply_service() else 1

    try:
        for item in args.settings:
            section, key, value = parse_assignment(item)
            if not cp.has_section(section):
                cp.add_section(section)
            cp.set(section, key, value)
    except ValueError as exc:
        log.error("%s", exc)
        return 2
    try:
        save_conf(cp)
    except PermissionError:
        log.error("cannot write %s; run as root", CONF_FILE)
        return 1
    if not args.no_restart and not apply_service():
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
