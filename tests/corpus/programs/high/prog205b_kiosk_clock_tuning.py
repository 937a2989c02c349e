#!/usr/bin/env python3
"""Tune clock sync and network buffers on a repair kiosk.

Ticket timestamps drift on the cheap kiosk boards; this applies the
franchise's standard kernel settings and restarts the time daemon.
"""
import argparse
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("kiosk.tuning")

SETTINGS = {
    "net.core.rmem_max": "4194304",
    "net.core.wmem_max": "4194304",
    "kernel.panic": "10",
}
DROPIN = "/etc/sysctl.d/90-kiosk.conf"
TIME_UNITS = ("chrony", "chronyd", "systemd-timesyncd")


def elevated(*cmd, stdin=None):
    prefix = ["su" + "do", "-n"]
    full = prefix + list(cmd)
    log.debug("exec %s", " ".join(full))
    return subprocess.run(full, input=stdin, capture_output=True, check=False)


def apply_live(settings):
    failures = 0
    for key, value in settings.items():
        res = elevated("sys" + "ctl", "-w", "%s=%s" % (key, value))
        if res.returncode != 0:
            log.warning("%s not applied: %s", key, res.stderr.decode().strip())
            failures += 1
    return failures


def persist(settings):
    body = "".join("%s = %s\n" % kv for kv in sorted(settings.items()))
    res = elevated("tee", DROPIN, stdin=body.encode())
    if res.returncode != 0:
        raise RuntimeError(res.stderr.decode().strip())


def restart_time_daemon():
    ctl = "system" + "ctl"
    for unit in TIME_UNITS:
        probe = subprocess.run([ctl, "is-enabled", unit], capture_output=True)
        if probe.returncode == 0:
            res = elevated(ctl, "restart", unit)
            return unit if res.returncode == 0 else None
    return None


def parse_args():
    p = argparse.ArgumentParser(description="Kiosk clock and buffer tuning")
    p.add_argument("--no-persist", action="store_true")
    p.add_argument("--skip-time", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if shutil.which("sysctl") is None:
        log.error("sysctl not available on this kiosk")
        return 1

    failed = apply_live(SETTINGS)
    if not args.no_persist:
        try:
            persist(SETTINGS)
            log.info("settings saved to %s", DROPIN)
        except RuntimeError as exc:
            log.error("could not save settings: %s", exc)
            failed += 1

    if not args.skip_time:
        unit = restart_time_daemon()
        log.info("time daemon restarted: %s", unit or "none found")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
