#!/usr/bin/env python3
"""Keep the basket flight loggers' clocks in step with the launch-site GPS clock.

Flight logs from the altimeter, the pyrometer and the GPS tracker are merged
for the post-flight report, so their timestamps must agree to the second.
The launch trailer has a GPS-disciplined time server; this points the
logger's chrony at it, restarts the time service and reports the offset.

Settings come from clock_sync.ini ([server] host=..., [limits] max_offset=...).
"""
import argparse
import configparser
import logging
import re
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("clock-sync")

SOURCES_FILE = "/etc/chrony/sources.d/launch-trailer.sources"
SERVICE_CANDIDATES = ("chrony", "chronyd")


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"server": {"host": "10.42.0.1", "iburst": "yes"},
                  "limits": {"max_offset": "0.5"}})
    cp.read(path)
    return cp


class Privileged:
    """Runs commands through whichever elevation tool the logger image has."""

    def __init__(self):
        self.tool = shutil.which("sudo") or shutil.which("doas")
        if not self.tool:
            raise RuntimeError("no sudo/doas on this logger")

    def run(self, argv, data=None):
        log.debug("run %s", argv)
        return subprocess.run([self.tool, *argv], input=data, text=True,
                              capture_output=True, check=True)


def write_sources(priv, host, iburst):
    line = f"server {host}{' iburst' if iburst else ''} prefer\n"
    current = Path(SOURCES_FILE)
    if current.exists() and current.read_text() == line:
        log.info("sources file already points at %s", host)
        return False
    priv.run(["mkdir", "-p", str(current.parent)])
    priv.run(["tee", SOURCES_FILE], data=line)
    log.info("wrote %s", SOURCES_FILE)
    return True


def restart_service(priv):
    for name in SERVICE_CANDIDATES:
        try:
            priv.run(["systemctl", "restart", name])
            log.info("restarted %s", name)
            return name
        except subprocess.CalledProcessError:
            continue
    raise RuntimeError("could not restart chrony")


def step_clock(priv):
    priv.run(["chronyc", "makestep"])


def read_offset():
    out = subprocess.run(["chronyc", "tracking"], capture_output=True, text=True).stdout
    m = re.search(r"System time\s*:\s*([\d.]+) seconds (fast|slow)", out)
    if not m:
        return None
    val = float(m.group(1))
    return -val if m.group(2) == "slow" else val


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="clock_sync.ini")
    ap.add_argument("--host")
    ap.add_argument("--no-step", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_settings(args.config)
    host = args.host or cfg.get("server", "host")
    iburst = cfg.getboolean("server", "iburst")
    max_offset = cfg.getfloat("limits", "max_offset")

    try:
        priv = Privileged()
        if write_sources(priv, host, iburst):
            restart_service(priv)
        if not args.no_step:
            step_clock(priv)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("clock sync failed: %s", exc)
        return 1

    offset = read_offset()
    if offset is None:
        log.warning("could not read offset from chronyc")
        return 1
    log.info("offset from %s: %+.3f s", host, offset)
    return 0 if abs(offset) <= max_offset else 3


if __name__ == "__main__":
    sys.exit(main())
