#!/usr/bin/env python3
"""Clock sync for the tills and the door counter.

Licensing hours are enforced by the till clock, so every box in the
venue points chrony at the same pair of servers.  Writes the chrony
config and restarts the service.
"""
import argparse
import importlib
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("clock_sync")

CONF_DIR = Path("/" + "etc") / "chrony"
CONF_NAME = "chrony.conf"

TEMPLATE = """# managed by clock_sync for Juniper & Vine - {stamp}
{servers}
driftfile /var/lib/chrony/chrony.drift
makestep 1.0 3
rtcsync
logdir /var/log/chrony
"""


def _servers():
    raw = os.environ.get("NTP_SERVERS", "ntp1.example.net,ntp2.example.net")
    return [s.strip() for s in raw.split(",") if s.strip()]


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    sudo = shutil.which("sudo")
    if not sudo:
        log.error("must run as root")
        sys.exit(1)
    log.info("re-running under sudo")
    os.execv(sudo, [sudo, sys.executable] + argv)


def render(servers):
    lines = "\n".join(f"server {s} iburst" for s in servers)
    return TEMPLATE.format(stamp=time.strftime("%Y-%m-%d %H:%M"), servers=lines)


def write_conf(text, conf_dir):
    conf_dir.mkdir(parents=True, exist_ok=True)
    target = conf_dir / CONF_NAME
    if target.exists():
        backup = target.with_suffix(".conf.bak")
        shutil.copy2(target, backup)
        log.info("backed up %s to %s", target, backup)
    target.write_text(text)
    os.chmod(target, 0o644)
    os.chown(target, 0, 0)
    return target


def restart(unit):
    sp = importlib.import_module("sub" + "process")
    ctl = "system" + "ctl"
    for verb in ("restart", "is-active"):
        rc = getattr(sp, "call")([ctl, verb, unit])
        log.info("%s %s %s -> %s", ctl, verb, unit, rc)


def main(argv=None):
    argv = sys.argv if argv is None else argv
    parser = argparse.ArgumentParser(description="Point chrony at the venue time servers")
    parser.add_argument("--unit", default="chrony")
    parser.add_argument("--conf-dir", type=Path, default=CONF_DIR)
    parser.add_argument("--print", action="store_true", help="only print the config")
    args = parser.parse_args(argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    text = render(_servers())
    if args.print:
        print(text)
        return 0
    ensure_root(argv)
    target = write_conf(text, args.conf_dir)
    log.info("wrote %s", target)
    restart(args.unit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
