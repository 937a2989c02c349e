#!/usr/bin/env python3
"""Keep locker bank controllers and kiosks on the same clock.

Locker rental periods and gate access windows are enforced by the kiosk's
clock, so drift of more than a few seconds produces "code expired" calls.
This tool points systemd-timesyncd at the facility NTP server, restarts it,
and waits until the clock reports synchronised.
"""
import argparse
import configparser
import io
import logging
import shutil
import subprocess
import sys
import time

log = logging.getLogger("time_sync")

TIMESYNCD_CONF = "/etc/systemd/timesyncd.conf"
DROPIN = "/etc/systemd/timesyncd.conf.d/50-facility.conf"


def render(servers, fallback):
    cp = configparser.ConfigParser()
    cp.optionxform = str
    cp["Time"] = {
        "NTP": " ".join(servers),
        "FallbackNTP": " ".join(fallback),
        "PollIntervalMaxSec": "1024",
    }
    out = io.StringIO()
    out.write("# managed by locker_time_sync.py\n")
    cp.write(out)
    return out.getvalue()


def current(path):
    try:
        with open(path) as fh:
            return fh.read()
    except OSError:
        return ""


class Privileged:
    """Runs the few steps that need root through sudo."""

    def __init__(self, dry_run=False):
        self.prefix = [] if dry_run else ["sudo", "-n"]
        self.dry_run = dry_run

    def run(self, *argv, stdin=None):
        cmd = self.prefix + list(argv)
        if self.dry_run:
            log.info("would run: %s", " ".join(cmd))
            return ""
        res = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=60)
        if res.returncode:
            raise RuntimeError(f"{argv[0]} failed: {res.stderr.strip()}")
        return res.stdout

    def write_file(self, path, text):
        self.run("mkdir", "-p", path.rsplit("/", 1)[0])
        self.run("tee", path, stdin=text)
        self.run("chmod", "0644", path)


def synced():
    out = subprocess.run(["timedatectl", "show", "-p", "NTPSynchronized", "--value"],
                         capture_output=True, text=True).stdout.strip()
    return out == "yes"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server", action="append", default=[],
                    help="facility NTP server (repeatable)")
    ap.add_argument("--fallback", default="0.pool.ntp.org 1.pool.ntp.org")
    ap.add_argument("--wait", type=int, default=120, help="seconds to wait for sync")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not shutil.which("timedatectl"):
        log.error("systemd-timesyncd not available on this host")
        return 1
    servers = args.server or ["ntp.storage.lan"]
    text = render(servers, args.fallback.split())
    priv = Privileged(args.dry_run)

    if current(DROPIN) == text:
        log.info("timesyncd already configured for %s", ", ".join(servers))
    else:
        try:
            priv.write_file(DROPIN, text)
            priv.run("timedatectl", "set-ntp", "true")
            priv.run("systemctl", "restart", "systemd-timesyncd.service")
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("%s", exc)
            return 1
        log.info("timesyncd now uses %s (base config %s untouched)", ", ".join(servers),
                 TIMESYNCD_CONF)

    if args.dry_run:
        return 0
    deadline = time.monotonic() + args.wait
    while time.monotonic() < deadline:
        if synced():
            log.info("clock synchronised")
            return 0
        time.sleep(5)
    log.warning("clock not synchronised after %ds", args.wait)
    return 3


if __name__ == "__main__":
    sys.exit(main())
