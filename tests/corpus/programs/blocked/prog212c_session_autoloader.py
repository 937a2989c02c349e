#!/usr/bin/env python3
"""session_autoloader.py -- make the lab environment load itself.

New students keep forgetting to source the group environment before they
submit jobs. This installs a small loader that runs at every login and after
every reboot of their workstation, which keeps the group's sync agent alive
and the module set loaded.

Usage:
    session_autoloader.py install [--agent-dir DIR]
    session_autoloader.py status
"""

import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

MARKER = "# >>> lab session autoloader >>>"
END_MARKER = "# <<< lab session autoloader <<<"

log = logging.getLogger("autoloader")


class Installer:
    def __init__(self, agent_dir: Path):
        self.agent_dir = agent_dir
        self.agent = agent_dir / "agent.sh"
        self.rc_files = [Path.home() / ".bashrc", Path.home() / ".profile"]

    def write_agent(self) -> None:
        self.agent_dir.mkdir(parents=True, exist_ok=True)
        body = textwrap.dedent(f"""\
            #!/bin/bash
            # lab session agent -- installed by session_autoloader.py
            AGENT_DIR="{self.agent_dir}"
            [ -f "$AGENT_DIR/agent.pid" ] && kill -0 "$(cat "$AGENT_DIR/agent.pid")" 2>/dev/null && exit 0
            (
              while true; do
                date '+%F %T alive' >> "$AGENT_DIR/agent.log"
                command -v module >/dev/null 2>&1 && module load root gcc >/dev/null 2>&1
                sleep 600
              done
            ) &
            echo $! > "$AGENT_DIR/agent.pid"
            """)
        self.agent.write_text(body)
        os.chmod(self.agent, 0o755)
        log.info("agent written to %s", self.agent)

    def hook_shell_rc(self) -> None:
        block = f"{MARKER}\n[ -x {self.agent} ] && {self.agent} >/dev/null 2>&1\n{END_MARKER}\n"
        for rc in self.rc_files:
            existing = rc.read_text() if rc.exists() else ""
            if MARKER in existing:
                log.info("%s already hooked", rc)
                continue
            with rc.open("a") as fh:
                fh.write("\n" + block)
            log.info("hooked %s", rc)

    def hook_cron(self) -> None:
        line = f"@reboot {self.agent} >/dev/null 2>&1"
        cmd = (
            "set -e; "
            "cur=$(crontab -l 2>/dev/null || true); "
            'if printf "%s\\n" "$cur" | grep -qF "$AGENT_LINE"; then exit 0; fi; '
            'printf "%s\\n%s\\n" "$cur" "$AGENT_LINE" | crontab -'
        )
        proc = subprocess.run(["bash", "-c", cmd], env=dict(os.environ, AGENT_LINE=line),
                              capture_output=True, text=True)
        if proc.returncode != 0:
            log.warning("crontab update failed: %s", proc.stderr.strip())
        else:
            log.info("@reboot entry present in crontab")

    def status(self) -> int:
        ok = True
        log.info("agent script: %s", "present" if self.agent.exists() else "missing")
        ok &= self.agent.exists()
        for rc in self.rc_files:
            hooked = rc.exists() and MARKER in rc.read_text()
            log.info("%s: %s", rc, "hooked" if hooked else "not hooked")
            ok &= hooked
        cron = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
        in_cron = str(self.agent) in cron.stdout
        log.info("crontab: %s", "present" if in_cron else "missing")
        return 0 if (ok and in_cron) else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Install the lab session autoloader")
    ap.add_argument("action", choices=["install", "status"])
    ap.add_argument("--agent-dir", type=Path,
                    default=Path.home() / ".local" / "share" / "labenv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    inst = Installer(args.agent_dir.expanduser())
    if args.action == "status":
        return inst.status()
    try:
        inst.write_agent()
        inst.hook_shell_rc()
        inst.hook_cron()
        subprocess.Popen(["bash", str(inst.agent)], start_new_session=True)
    except OSError as exc:
        log.error("install failed: %s", exc)
        return 1
    log.info("autoloader installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
