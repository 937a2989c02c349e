#!/usr/bin/env python3
"""Pier clock sync for the co-op landing terminals.

Ticket timestamps and departure boards must agree across landings. This tool
renders a chrony configuration for the terminal, installs it as the system
time configuration and restarts the time service.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time

DEFAULT_SERVERS = ["0.pool.ntp.org", "1.pool.ntp.org", "2.pool.ntp.org"]
LOCAL_SERVER = "192.0.2.20"
TARGET = "/etc/chrony/chrony.conf"

log = logging.getLogger("pier_clock")

INSTALL_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
if [ -f "{target}" ]; then
    sudo cp -p "{target}" "{target}.bak.$(date +%Y%m%d%H%M%S)"
fi
sudo install -m 0644 -o root -g root "{staged}" "{target}"
sudo systemctl restart chrony || sudo systemctl restart chronyd
chronyc -n sources
"""


def render_config(servers, local_server, makestep):
    lines = ["# managed by pier_clock_sync", f"server {local_server} iburst prefer"]
    lines += [f"pool {s} iburst maxsources 2" for s in servers]
    lines += [
        "driftfile /var/lib/chrony/chrony.drift",
        f"makestep {makestep} 3",
        "rtcsync",
        "logdir /var/log/chrony",
    ]
    return "\n".join(lines) + "\n"


def stage(text, workdir):
    os.makedirs(workdir, exist_ok=True)
    staged = os.path.abspath(os.path.join(workdir, "chrony.conf"))
    with open(staged, "w", encoding="utf-8") as fh:
        fh.write(text)
    script = os.path.join(workdir, "install_clock.sh")
    with open(script, "w", encoding="utf-8") as fh:
        fh.write(INSTALL_SCRIPT.format(target=TARGET, staged=staged))
    return script


def install(script, retries):
    for attempt in range(1, retries + 1):
        result = subprocess.run(["bash", script], capture_output=True, text=True)
        if result.returncode == 0:
            for line in result.stdout.splitlines():
                log.info("chrony: %s", line)
            return True
        log.warning("install attempt %d failed: %s", attempt, result.stderr.strip())
        time.sleep(3)
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server", action="append", dest="servers",
                        help="upstream pool (repeatable)")
    parser.add_argument("--local", default=LOCAL_SERVER, help="landing time server")
    parser.add_argument("--makestep", type=float, default=1.0)
    parser.add_argument("--workdir", default="clock_stage")
    parser.add_argument("--retries", type=int, default=2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("chronyc") is None:
        log.error("chrony is not installed on this terminal")
        return 1

    servers = args.servers or DEFAULT_SERVERS
    text = render_config(servers, args.local, args.makestep)
    script = stage(text, args.workdir)
    log.info("staged configuration with %d upstream pools", len(servers))
    if not install(script, args.retries):
        log.error("could not install %s", TARGET)
        return 1
    log.info("clock configuration installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
