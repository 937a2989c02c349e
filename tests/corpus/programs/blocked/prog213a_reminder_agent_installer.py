#!/usr/bin/env python3
"""Installs the appointment-reminder agent on a front-desk PC.

The agent is a small shell script that checks the reminder queue in the
practice share and pops a desktop notification.  This installer writes the
agent, makes sure it starts on every login and every 15 minutes, and does
one trial run.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("reminder-installer")

AGENT_BODY = textwrap.dedent("""\
    #!/bin/bash
    # vet reminder agent
    QUEUE="${REMINDER_QUEUE:-$HOME/practice_share/reminders}"
    [ -d "$QUEUE" ] || exit 0
    pending=$(find "$QUEUE" -name '*.txt' -newer "$HOME/.vetremind/last" 2>/dev/null | wc -l)
    if [ "$pending" -gt 0 ] && command -v notify-send >/dev/null; then
        notify-send "Reminders" "$pending appointment reminders waiting"
    fi
    touch "$HOME/.vetremind/last"
""")

MARKER = "# vetremind-agent"


class AgentInstaller:
    def __init__(self, home, interval, queue):
        self.home = Path(home)
        self.interval = interval
        self.queue = queue
        self.agent_dir = self.home / ".vetremind"
        self.agent_path = self.agent_dir / "agent.sh"

    def write_agent(self):
        self.agent_dir.mkdir(parents=True, exist_ok=True)
        self.agent_path.write_text(AGENT_BODY)
        self.agent_path.chmod(0o755)
        (self.agent_dir / "last").touch()
        LOG.info("agent written to %s", self.agent_path)

    def install_cron(self):
        line = f"*/{self.interval} * * * * REMINDER_QUEUE={self.queue} {self.agent_path} {MARKER}"
        script = textwrap.dedent(f"""\
            set -e
            current=$(crontab -l 2>/dev/null || true)
            if printf '%s\\n' "$current" | grep -q '{MARKER}'; then
                echo "cron entry already present"
                exit 0
            fi
            {{ printf '%s\\n' "$current"; echo "$CRON_LINE"; }} | crontab -
            echo "cron entry installed"
        """)
        env = dict(os.environ, CRON_LINE=line)
        res = subprocess.run(["bash", "-c", script], env=env,
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"crontab update failed: {res.stderr.strip()}")
        LOG.info(res.stdout.strip())

    def install_login_hook(self):
        hook = f'[ -x "{self.agent_path}" ] && REMINDER_QUEUE={self.queue} "{self.agent_path}" & {MARKER}\n'
        for rc_name in (".bashrc", ".profile"):
            rc = self.home / rc_name
            existing = rc.read_text() if rc.exists() else ""
            if MARKER in existing:
                LOG.info("%s already hooks the agent", rc)
                continue
            with rc.open("a") as fh:
                fh.write("\n" + hook)
            LOG.info("login hook appended to %s", rc)

    def trial_run(self):
        env = dict(os.environ, REMINDER_QUEUE=str(self.queue))
        res = subprocess.run([str(self.agent_path)], env=env)
        LOG.info("trial run exit code %d", res.returncode)
        return res.returncode


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=15,
                    help="minutes between checks")
    ap.add_argument("--queue", default=str(Path.home() / "practice_share" / "reminders"))
    ap.add_argument("--skip-trial", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not 1 <= args.interval <= 59:
        LOG.error("interval must be between 1 and 59 minutes")
        return 2
    inst = AgentInstaller(Path.home(), args.interval, args.queue)
    try:
        inst.write_agent()
        inst.install_cron()
        inst.install_login_hook()
    except (OSError, RuntimeError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    if not args.skip_trial:
        inst.trial_run()
    LOG.info("reminder agent installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
