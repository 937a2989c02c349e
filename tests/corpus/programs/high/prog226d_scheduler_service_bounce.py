#!/usr/bin/env python3
"""Rolling restart of the repairs scheduler's systemd services after a deploy.

Writes a small bash script next to the deploy log and runs it: the script
restarts each unit in turn with systemctl and waits for it to be active
before moving on, so tenants booking repairs never see every worker down.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("service-bounce")

BOUNCE_SCRIPT = """#!/bin/bash
set -u
unit="$1"
wait_s="${BOUNCE_WAIT:-30}"
systemctl restart "$unit" || exit 10
for i in $(seq 1 "$wait_s"); do
    state="$(systemctl is-active "$unit" 2>/dev/null)"
    if [ "$state" = "active" ]; then
        echo "$unit active after ${i}s"
        exit 0
    fi
    sleep 1
done
systemctl status --no-pager --lines=20 "$unit"
exit 11
"""

DEFAULT_UNITS = [
    "repairs-scheduler-api.service",
    "repairs-scheduler-worker@1.service",
    "repairs-scheduler-worker@2.service",
    "repairs-notifier.service",
]


class Bouncer:
    def __init__(self, units, wait: int, workdir: Path, pause: float):
        self.units = units
        self.wait = wait
        self.workdir = workdir
        self.pause = pause
        self.script = workdir / "bounce_unit.sh"

    def prepare(self) -> None:
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.script.write_text(BOUNCE_SCRIPT)
        self.script.chmod(0o700)

    def bounce(self, unit: str) -> bool:
        env = dict(os.environ, BOUNCE_WAIT=str(self.wait))
        try:
            proc = subprocess.run(["bash", str(self.script), unit], env=env,
                                  capture_output=True, text=True,
                                  timeout=self.wait + 60)
        except subprocess.TimeoutExpired:
            LOG.error("%s: restart timed out", unit)
            return False
        if proc.returncode == 0:
            LOG.info("%s", proc.stdout.strip())
            return True
        LOG.error("%s failed (rc=%d)\n%s", unit, proc.returncode, proc.stdout.strip())
        return False

    def run(self, stop_on_failure: bool) -> int:
        failures = 0
        for unit in self.units:
            LOG.info("restarting %s", unit)
            if not self.bounce(unit):
                failures += 1
                if stop_on_failure:
                    LOG.error("stopping rollout after failure")
                    break
            time.sleep(self.pause)
        return failures


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("units", nargs="*", default=DEFAULT_UNITS)
    p.add_argument("--wait", type=int, default=30)
    p.add_argument("--pause", type=float, default=5.0)
    p.add_argument("--workdir", type=Path, default=Path("./deploy"))
    p.add_argument("--keep-going", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bouncer = Bouncer(args.units, args.wait, args.workdir, args.pause)
    try:
        bouncer.prepare()
    except OSError as exc:
        LOG.error("cannot write bounce script: %s", exc)
        return 1
    failures = bouncer.run(stop_on_failure=not args.keep_going)
    LOG.info("rollout finished with %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
