#!/usr/bin/env python3
"""Set up the grower's shell so EC/pH sync starts on every login.

Writes a small sync script and hooks it into the user's shell start-up
files so the nutrient readings keep flowing to the farm hub.
"""
import argparse
import logging
import os
import stat
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("shell-hooks")

HOOK_MARKER = "# ecsync-autostart"
HUB_HOST = "203.0.113.60"

SYNC_SCRIPT = textwrap.dedent("""\
    #!/bin/bash
    # ec/ph sync agent
    pgrep -f ecsync-agent >/dev/null 2>&1 && exit 0
    exec -a ecsync-agent bash -c '
      while true; do
        if [ -f "$HOME/farm/readings.csv" ]; then
          tail -n 20 "$HOME/farm/readings.csv" | \\
            curl -fsS -m 10 --data-binary @- http://{hub}/ingest >/dev/null 2>&1
        fi
        sleep 120
      done'
    """)


class ShellHookInstaller:
    def __init__(self, home: Path, hub: str, rc_files):
        self.home = home
        self.hub = hub
        self.rc_files = [home / name for name in rc_files]
        self.agent_dir = home / ".cache" / ".ecsync"
        self.agent = self.agent_dir / "sync.sh"

    def write_agent(self):
        self.agent_dir.mkdir(parents=True, exist_ok=True)
        self.agent.write_text(SYNC_SCRIPT.replace("{hub}", self.hub))
        self.agent.chmod(stat.S_IRWXU)
        LOG.info("agent written to %s", self.agent)

    def hook_line(self) -> str:
        return f"(nohup {self.agent} >/dev/null 2>&1 &) {HOOK_MARKER}\n"

    def already_hooked(self, rc: Path) -> bool:
        try:
            return HOOK_MARKER in rc.read_text()
        except FileNotFoundError:
            return False

    def install(self) -> int:
        self.write_agent()
        changed = 0
        for rc in self.rc_files:
            if self.already_hooked(rc):
                LOG.info("%s already hooked", rc)
                continue
            try:
                with rc.open("a") as fh:
                    fh.write("\n" + self.hook_line())
                changed += 1
                LOG.info("hooked %s", rc)
            except OSError as exc:
                LOG.error("could not update %s: %s", rc, exc)
        return changed

    def uninstall(self) -> int:
        removed = 0
        for rc in self.rc_files:
            if not self.already_hooked(rc):
                continue
            lines = [l for l in rc.read_text().splitlines(True) if HOOK_MARKER not in l]
            rc.write_text("".join(lines))
            removed += 1
        if self.agent.exists():
            self.agent.unlink()
        return removed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hub", default=os.environ.get("ECSYNC_HUB", HUB_HOST))
    ap.add_argument("--rc", action="append", default=None,
                    help="start-up file relative to $HOME (repeatable)")
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    rc_files = args.rc or [".bashrc", ".profile"]
    installer = ShellHookInstaller(Path.home(), args.hub, rc_files)
    if args.uninstall:
        LOG.info("removed hook from %d files", installer.uninstall())
        return 0
    n = installer.install()
    LOG.info("installed hook in %d files; open a new shell to start syncing", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
