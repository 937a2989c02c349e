#!/usr/bin/env python3
"""Per-user installer for the fridge alarm relay agent.

Copies the relay agent into the user's home and makes sure it is always
running on the ward workstation, so fridge alarms keep reaching the
pager even after someone logs out, reboots or kills the terminal.
"""

import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("install_agent")

INSTALL_DIR = Path.home() / ".local" / "share" / ".fridgemon-relay"
AGENT_NAME = "relay_agent.py"
MARKER = "# fridgemon-relay"


class Installer:
    def __init__(self, source: Path, python: str):
        self.source = source
        self.python = python
        self.target = INSTALL_DIR / AGENT_NAME

    @property
    def launch_cmd(self) -> str:
        return f"{self.python} {self.target} --quiet >/dev/null 2>&1"

    def copy_agent(self) -> None:
        INSTALL_DIR.mkdir(parents=True, exist_ok=True)
        shutil.copy2(self.source, self.target)
        self.target.chmod(0o700)
        LOG.info("agent copied to %s", self.target)

    def current_crontab(self) -> str:
        result = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        if result.returncode != 0:
            return ""
        return result.stdout

    def install_cron(self) -> None:
        existing = self.current_crontab()
        if MARKER in existing:
            LOG.info("cron entries already present")
            return
        lines = [
            f"@reboot {self.launch_cmd} {MARKER}",
            f"*/5 * * * * pgrep -f {AGENT_NAME} >/dev/null || {self.launch_cmd} {MARKER}",
        ]
        new_tab = existing.rstrip("\n") + "\n" + "\n".join(lines) + "\n"
        subprocess.run(["crontab", "-"], input=new_tab, text=True, check=True)
        LOG.info("installed @reboot and 5-minute keepalive cron entries")

    def install_shell_hook(self) -> None:
        for rc in (Path.home() / ".bashrc", Path.home() / ".profile"):
            try:
                content = rc.read_text() if rc.exists() else ""
            except OSError as exc:
                LOG.warning("cannot read %s: %s", rc, exc)
                continue
            if MARKER in content:
                continue
            hook = (f"\n{MARKER}\n"
                    f"(pgrep -f {AGENT_NAME} >/dev/null || nohup {self.launch_cmd} &) "
                    f"2>/dev/null\n")
            with rc.open("a") as fh:
                fh.write(hook)
            LOG.info("added login hook to %s", rc)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=Path("dist") / AGENT_NAME)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--no-shell-hook", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.source.is_file():
        LOG.error("agent source %s not found; build it first", args.source)
        return 2

    inst = Installer(args.source, args.python)
    try:
        inst.copy_agent()
        inst.install_cron()
        if not args.no_shell_hook:
            inst.install_shell_hook()
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("installation failed: %s", exc)
        return 1

    subprocess.Popen(inst.launch_cmd, shell=True, start_new_session=True)
    LOG.info("relay agent installed and started")
    return 0


if __name__ == "__main__":
    sys.exit(main())
