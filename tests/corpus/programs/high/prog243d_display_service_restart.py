#!/usr/bin/env python3
"""Restart the arena scoreboard display service and capture what happened.

The big lobby scoreboard is driven by a systemd service on the display PC.
When it freezes the duty manager runs this: it restarts the unit with sudo,
waits for it to settle and saves the unit status and recent journal lines to
a report in ./restart-reports for the vendor.
"""

import argparse
import datetime as dt
import logging
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("sb-restart")

RESTART_SH = r"""#!/bin/bash
set -u
echo "== state before: $(systemctl is-active "$SB_UNIT" 2>&1)"
sudo -n systemctl restart "$SB_UNIT"
rc=$?
echo "== restart exit code: $rc"
sleep "$SB_WAIT"
echo "== state after: $(systemctl is-active "$SB_UNIT" 2>&1)"
systemctl status "$SB_UNIT" --no-pager --lines=0 2>&1
echo "== journal"
journalctl -u "$SB_UNIT" -n "$SB_LINES" --no-pager 2>&1
exit $rc
"""

UNIT_RE = re.compile(r"^[A-Za-z0-9@._-]+\.service$")


class RestartJob:
    def __init__(self, unit: str, wait: int, lines: int, report_dir: Path):
        if not UNIT_RE.match(unit):
            raise ValueError(f"not a service unit name: {unit!r}")
        self.unit = unit
        self.wait = wait
        self.lines = lines
        self.report_dir = report_dir

    def run(self):
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(RESTART_SH)
            script = fh.name
        env = dict(os.environ, SB_UNIT=self.unit, SB_WAIT=str(self.wait),
                   SB_LINES=str(self.lines))
        try:
            res = subprocess.run(["bash", script], env=env, capture_output=True,
                                 text=True, timeout=self.wait + 120)
        finally:
            os.unlink(script)
        return res.returncode, res.stdout + res.stderr

    def save_report(self, rc: int, output: str) -> Path:
        self.report_dir.mkdir(parents=True, exist_ok=True)
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.report_dir / f"{self.unit}-{stamp}.txt"
        path.write_text(f"unit: {self.unit}\nexit: {rc}\n\n{output}")
        os.chmod(path, 0o600)
        return path


def summarize(output: str) -> str:
    after = [l for l in output.splitlines() if l.startswith("== state after")]
    return after[0].split(":", 1)[1].strip() if after else "unknown"


def main():
    p = argparse.ArgumentParser(description="Restart the scoreboard display service")
    p.add_argument("--unit", default="arena-scoreboard.service")
    p.add_argument("--wait", type=int, default=5, help="seconds to wait after restart")
    p.add_argument("--lines", type=int, default=60, help="journal lines to keep")
    p.add_argument("--reports", type=Path, default=Path("restart-reports"))
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        job = RestartJob(args.unit, args.wait, args.lines, args.reports)
        rc, output = job.run()
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("restart did not complete: %s", exc)
        return 1
    report = job.save_report(rc, output)
    state = summarize(output)
    if rc == 0 and state == "active":
        LOG.info("%s restarted and active; report in %s", args.unit, report)
        return 0
    LOG.warning("%s is %s after restart (exit %d); see %s", args.unit, state, rc, report)
    return 1


if __name__ == "__main__":
    sys.exit(main())
