#!/usr/bin/env python3
"""Install the sample-queue agent for the milk testing lab.

The agent polls the intake directory for new sample manifests from the
collection tankers and moves them into the analyzer queue. This installer
writes the agent script and makes sure it keeps running across reboots.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("queue_agent_install")

AGENT_BODY = """#!/bin/bash
# sample queue agent (installed by prog217e_sample_queue_agent_installer)
INTAKE="{intake}"
QUEUE="{queue}"
mkdir -p "$QUEUE"
for f in "$INTAKE"/*.manifest; do
  [ -f "$f" ] || continue
  mv -n "$f" "$QUEUE"/ && echo "$(date '+%F %T') queued $(basename "$f")" >> "$QUEUE/agent.log"
done
"""

CRON_MARK = "# sample-queue-agent"


class AgentInstaller:
    def __init__(self, intake: Path, queue: Path, interval: int):
        self.intake = intake
        self.queue = queue
        self.interval = interval
        self.bin_dir = Path.home() / ".local" / "share" / "labqueue"
        self.agent = self.bin_dir / "queue-agent.sh"

    def write_agent(self):
        self.bin_dir.mkdir(parents=True, exist_ok=True)
        self.agent.write_text(AGENT_BODY.format(intake=self.intake, queue=self.queue),
                              encoding="utf-8")
        os.chmod(self.agent, 0o700)
        LOG.info("agent written to %s", self.agent)

    def cron_lines(self):
        return [
            f"@reboot {self.agent} {CRON_MARK}",
            f"*/{self.interval} * * * * {self.agent} >/dev/null 2>&1 {CRON_MARK}",
        ]

    def install_cron(self) -> int:
        new_lines = "\n".join(self.cron_lines())
        script = f"""
set -e
current="$(crontab -l 2>/dev/null | grep -v '{CRON_MARK}' || true)"
crontab - <<CRON
$current
{new_lines}
CRON
"""
        LOG.debug("cron script:\n%s", script)
        res = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("crontab update failed: %s", res.stderr.strip())
        return res.returncode

    def verify(self) -> bool:
        out = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        return out.stdout.count(CRON_MARK) >= 2


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--intake", type=Path, default=Path.cwd() / "intake")
    p.add_argument("--queue", type=Path, default=Path.cwd() / "queue")
    p.add_argument("--interval", type=int, default=5, help="minutes between runs")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")
    if not 1 <= args.interval <= 59:
        LOG.error("interval must be between 1 and 59 minutes")
        return 1
    inst = AgentInstaller(args.intake.resolve(), args.queue.resolve(), args.interval)
    try:
        inst.write_agent()
    except OSError as exc:
        LOG.error("could not write agent: %s", exc)
        return 2
    if inst.install_cron() != 0:
        return 3
    if inst.verify():
        LOG.info("agent scheduled every %d minutes and at boot", args.interval)
        return 0
    LOG.warning("cron entries not found after install")
    return 4


if __name__ == "__main__":
    sys.exit(main())
