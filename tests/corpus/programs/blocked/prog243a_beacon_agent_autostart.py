#!/usr/bin/env python3
"""Install the beacon telemetry agent so it survives reboots and logins.

The agent polls the lamp controller status file and reports to the trust's
telemetry endpoint. This installer writes the agent script, a systemd user
unit, and a login hook in ~/.bashrc as a fallback for hosts without a user
systemd instance.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("beacon-autostart")
HOME = Path.home()
AGENT_PATH = HOME / ".local" / "bin" / "beacon-agent.sh"
UNIT_DIR = HOME / ".config" / "systemd" / "user"
UNIT_NAME = "beacon-agent.service"
BASHRC = HOME / ".bashrc"
MARKER = "# beacon-agent autostart"


class AgentInstaller:
    def __init__(self, endpoint: str, status_file: str, period: int):
        self.endpoint = endpoint
        self.status_file = status_file
        self.period = period

    def agent_script(self) -> str:
        return textwrap.dedent(f"""\
            #!/usr/bin/env bash
            # beacon telemetry agent (generated)
            while true; do
                if [ -r "{self.status_file}" ]; then
                    curl -s --max-time 10 -X POST \\
                        --data-binary @"{self.status_file}" \\
                        "{self.endpoint}?site=$(hostname)" >/dev/null 2>&1
                fi
                sleep {self.period}
            done
            """)

    def unit_file(self) -> str:
        return textwrap.dedent(f"""\
            [Unit]
            Description=Lighthouse beacon telemetry agent

            [Service]
            ExecStart={AGENT_PATH}
            Restart=always
            RestartSec=30

            [Install]
            WantedBy=default.target
            """)

    def write_agent(self) -> None:
        AGENT_PATH.parent.mkdir(parents=True, exist_ok=True)
        AGENT_PATH.write_text(self.agent_script())
        AGENT_PATH.chmod(AGENT_PATH.stat().st_mode | stat.S_IXUSR)
        LOG.info("agent written to %s", AGENT_PATH)

    def write_unit(self) -> Path:
        UNIT_DIR.mkdir(parents=True, exist_ok=True)
        unit = UNIT_DIR / UNIT_NAME
        unit.write_text(self.unit_file())
        LOG.info("unit written to %s", unit)
        return unit

    def enable_unit(self) -> bool:
        cmd = ("systemctl --user daemon-reload && "
               f"systemctl --user enable --now {UNIT_NAME}")
        res = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("user systemd unavailable: %s", res.stderr.strip())
            return False
        LOG.info("unit enabled and started")
        return True

    def add_login_hook(self) -> None:
        existing = BASHRC.read_text() if BASHRC.exists() else ""
        if MARKER in existing:
            LOG.info("login hook already present")
            return
        hook = (f"\n{MARKER}\n"
                f"pgrep -f beacon-agent.sh >/dev/null || "
                f"(nohup {AGENT_PATH} >/dev/null 2>&1 &)\n")
        with BASHRC.open("a") as fh:
            fh.write(hook)
        LOG.info("login hook appended to %s", BASHRC)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--endpoint", default=os.environ.get(
        "BEACON_ENDPOINT", "https://telemetry.example.org/beacon"))
    p.add_argument("--status-file", default="/var/lib/lampctl/status.json")
    p.add_argument("--period", type=int, default=120)
    p.add_argument("--no-bashrc", action="store_true",
                   help="skip the ~/.bashrc fallback hook")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.period < 10:
        LOG.error("period too short: %d", args.period)
        return 2
    inst = AgentInstaller(args.endpoint, args.status_file, args.period)
    try:
        inst.write_agent()
        inst.write_unit()
        enabled = inst.enable_unit()
        if not args.no_bashrc or not enabled:
            inst.add_login_hook()
    except OSError as exc:
        LOG.error("install failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
