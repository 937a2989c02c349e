#!/usr/bin/env python3
"""Fix clock drift on teller workstations.

Teller sessions are rejected by the core banking gateway when the clock is
more than a few seconds off.  This tool reads the time-sync status, and if
the offset is too large it restarts the time service and waits for it to
settle.  Status is read and the service restarted through short shell
snippets, matching the commands in the support runbook.
"""
import argparse
import json
import logging
import os
import re
import subprocess
import sys
import time

LOG = logging.getLogger("clock_drift")

SERVICES = ["chrony", "chronyd", "systemd-timesyncd"]

STATUS_SNIPPET = r"""
if command -v chronyc >/dev/null 2>&1; then
    chronyc tracking | awk -F': ' '/System time/ {print $2}'
else
    timedatectl show -p NTPSynchronized --value
fi
"""

RESTART_SNIPPET = r"""
systemctl restart "$TIME_SERVICE"
sleep 2
systemctl is-active "$TIME_SERVICE"
"""


class TimeService:
    def __init__(self, name: str):
        self.name = name

    @staticmethod
    def detect() -> "TimeService":
        for name in SERVICES:
            res = subprocess.run(["bash", "-c", 'systemctl list-unit-files "$1.service" | grep -q "$1"', "_", name],
                                 capture_output=True)
            if res.returncode == 0:
                return TimeService(name)
        raise RuntimeError("no time synchronisation service found")

    def offset_seconds(self):
        out = subprocess.run(["bash", "-c", STATUS_SNIPPET], capture_output=True,
                             text=True, timeout=15).stdout.strip()
        m = re.match(r"([0-9.]+) seconds (fast|slow)", out)
        if m:
            value = float(m.group(1))
            return value if m.group(2) == "fast" else -value
        if out in ("yes", "no"):
            return 0.0 if out == "yes" else None
        return None

    def restart(self) -> bool:
        env = dict(os.environ, TIME_SERVICE=self.name)
        res = subprocess.run(["bash", "-c", RESTART_SNIPPET], env=env,
                             capture_output=True, text=True, timeout=60)
        active = res.stdout.strip().endswith("active")
        if not active:
            LOG.error("restart of %s failed: %s", self.name, res.stderr.strip())
        return active


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Correct workstation clock drift")
    parser.add_argument("--max-offset", type=float, default=2.0, help="seconds")
    parser.add_argument("--settle", type=int, default=30, help="seconds to wait after restart")
    parser.add_argument("--json", action="store_true", help="print result as JSON")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    result = {"host": os.uname().nodename, "action": "none"}
    try:
        svc = TimeService.detect()
        result["service"] = svc.name
        offset = svc.offset_seconds()
        result["offset_before"] = offset
        LOG.info("%s reports offset %s", svc.name, offset)
        if offset is None or abs(offset) > args.max_offset:
            LOG.warning("clock out of tolerance, restarting %s", svc.name)
            result["action"] = "restart"
            if not svc.restart():
                result["action"] = "restart-failed"
            else:
                time.sleep(args.settle)
                result["offset_after"] = svc.offset_seconds()
    except (RuntimeError, subprocess.SubprocessError, OSError) as exc:
        LOG.error("clock check failed: %s", exc)
        result["error"] = str(exc)

    if args.json:
        print(json.dumps(result))
    return 1 if "error" in result or result["action"] == "restart-failed" else 0


if __name__ == "__main__":
    sys.exit(main())
