#!/usr/bin/env python3
"""Prepare the newsletter box for a big mail-out.

Our auction-catalogue newsletter goes to ~60k collectors in one evening and
the sender opens a lot of short-lived SMTP connections.  This helper checks
the kernel network limits that matter for that, raises the ones that are too
low and (optionally) keeps the values across reboots.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("burst-tuner")

PROC_ROOT = Path("/proc/sys")
PERSIST_FILE = Path("/etc/sysctl.d/60-newsletter-burst.conf")

PROFILE = {
    "net.ipv4.ip_local_port_range": "15000 64000",
    "net.ipv4.tcp_fin_timeout": "15",
    "net.ipv4.tcp_tw_reuse": "1",
    "net.core.somaxconn": "4096",
    "fs.file-max": "500000",
}


def key_path(key):
    return PROC_ROOT.joinpath(*key.split("."))


def current(key):
    try:
        return " ".join(key_path(key).read_text().split())
    except OSError as exc:
        LOG.warning("cannot read %s: %s", key, exc)
        return None


def needs_change(key, wanted, have):
    if have is None:
        return False
    if key == "net.ipv4.ip_local_port_range":
        lo, hi = map(int, have.split())
        want_lo, want_hi = map(int, wanted.split())
        return (hi - lo) < (want_hi - want_lo)
    if key in ("net.ipv4.tcp_fin_timeout",):
        return int(have) > int(wanted)
    return int(have) < int(wanted)


def apply_value(key, value):
    path = key_path(key)
    with open(path, "w") as fh:
        fh.write(value + "\n")
    LOG.info("set %s = %s", key, value)


def persist(changes):
    lines = ["# written by mail_burst_tuner.py for newsletter mail-outs"]
    lines += [f"{k} = {v}" for k, v in sorted(changes.items())]
    PERSIST_FILE.write_text("\n".join(lines) + "\n")
    os.chmod(PERSIST_FILE, 0o644)
    LOG.info("persisted %d settings in %s", len(changes), PERSIST_FILE)


def reexec_privileged():
    LOG.info("root needed for kernel settings, re-running through sudo")
    argv = ["sudo", "--preserve-env=BURST_PROFILE", sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    os.execvp("sudo", argv)


def load_profile():
    extra = os.environ.get("BURST_PROFILE")
    profile = dict(PROFILE)
    if extra and Path(extra).exists():
        profile.update(json.loads(Path(extra).read_text()))
    return profile


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report, change nothing")
    ap.add_argument("--no-persist", action="store_true", help="do not write sysctl.d file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    profile = load_profile()
    pending = {}
    for key, wanted in profile.items():
        have = current(key)
        flag = needs_change(key, wanted, have)
        LOG.info("%-32s have=%-14s want=%-14s %s", key, have, wanted, "CHANGE" if flag else "ok")
        if flag:
            pending[key] = wanted

    if args.check or not pending:
        return 0
    if os.geteuid() != 0:
        reexec_privileged()

    failed = 0
    for key, value in pending.items():
        try:
            apply_value(key, value)
        except OSError as exc:
            LOG.error("could not set %s: %s", key, exc)
            failed += 1
    if not args.no_persist:
        try:
            persist(pending)
        except OSError as exc:
            LOG.error("could not persist settings: %s", exc)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
