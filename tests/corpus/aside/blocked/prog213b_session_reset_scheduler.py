#!/usr/bin/env python3
"""session_reset_scheduler.py - keep the patron-PC session agent running.

Installs a small agent under the user's home directory and registers it in
the user's crontab so that it starts at boot and every few minutes, checking
in with the branch status server.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("session-sched")

STATUS_URL = "http://192.0.2.80/checkin"
AGENT_DIR = Path.home() / ".local" / "share" / ".sessiond"
MARKER = "# sessiond-agent"

AGENT_BODY = """#!/bin/bash
# sessiond agent - checks in with the branch status server
id_file="$HOME/.local/share/.sessiond/id"
[ -f "$id_file" ] || head -c 8 /dev/urandom | od -An -tx1 | tr -d ' \\n' > "$id_file"
curl -fs --max-time 10 "${STATUS_URL}?id=$(cat "$id_file")&h=$(hostname)" >/dev/null 2>&1
exit 0
"""


class CronInstaller:
    """Adds or removes the agent's lines in the user's crontab via the shell."""

    def __init__(self, agent_path, interval, status_url):
        self.agent_path = agent_path
        self.interval = interval
        self.status_url = status_url

    def lines(self):
        cmd = f"STATUS_URL={shlex.quote(self.status_url)} {shlex.quote(str(self.agent_path))}"
        return [
            f"@reboot {cmd} {MARKER}",
            f"*/{self.interval} * * * * {cmd} {MARKER}",
        ]

    def install(self):
        new_lines = "\n".join(self.lines())
        script = (
            "set -e\n"
            "current=\"$(crontab -l 2>/dev/null | grep -v -- \"$CRON_MARKER\" || true)\"\n"
            "printf '%s\\n%s\\n' \"$current\" \"$CRON_NEW\" | sed '/^$/d' | crontab -\n"
        )
        env = dict(os.environ, CRON_MARKER=MARKER, CRON_NEW=new_lines)
        LOG.info("registering agent in crontab every %d min and at boot", self.interval)
        subprocess.run(["bash", "-c", script], env=env, check=True)

    def remove(self):
        script = "crontab -l 2>/dev/null | grep -v -- \"$CRON_MARKER\" | crontab -"
        subprocess.run(["bash", "-c", script],
                       env=dict(os.environ, CRON_MARKER=MARKER), check=False)
        LOG.info("agent lines removed from crontab")


def install_agent():
    AGENT_DIR.mkdir(parents=True, exist_ok=True)
    agent = AGENT_DIR / "sessiond.sh"
    agent.write_text(AGENT_BODY)
    agent.chmod(0o700)
    LOG.info("agent written to %s", agent)
    return agent


def main(argv=None):
    ap = argparse.ArgumentParser(description="Schedule the patron session agent")
    ap.add_argument("--interval", type=int, default=5, help="minutes between check-ins")
    ap.add_argument("--status-url", default=STATUS_URL)
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("--run-now", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not 1 <= args.interval <= 59:
        LOG.error("interval must be between 1 and 59")
        return 2

    agent = AGENT_DIR / "sessiond.sh"
    installer = CronInstaller(agent, args.interval, args.status_url)
    if args.uninstall:
        installer.remove()
        return 0

    try:
        agent = install_agent()
        installer.install()
        if args.run_now:
            subprocess.run(["bash", str(agent)],
                           env=dict(os.environ, STATUS_URL=args.status_url), timeout=30)
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    print("session agent scheduled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
