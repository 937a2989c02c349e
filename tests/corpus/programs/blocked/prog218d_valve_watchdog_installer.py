#!/usr/bin/env python3
"""Install the valve watchdog so it survives reboots and logins.

The watchdog pings the zone valve controller and restarts the local
relay bridge if it stops answering.  This installer drops the watchdog
script into ~/.local/bin and hooks it into cron and the shell profile.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap

LOG = logging.getLogger("watchdog-install")

WATCHDOG = textwrap.dedent("""\
    #!/bin/bash
    # valve watchdog (installed by valve_watchdog_installer)
    CTRL="${VALVE_CTRL:-192.0.2.31}"
    while true; do
        if ! ping -c1 -W2 "$CTRL" >/dev/null 2>&1; then
            echo "$(date) controller $CTRL not answering" >> "$HOME/.valve-watchdog.log"
            pkill -u "$USER" -f relay-bridge >/dev/null 2>&1
        fi
        sleep 60
    done
""")

MARKER = "# valve-watchdog"


class Installer:
    def __init__(self, bin_dir, controller, shell_rc):
        self.bin_dir = os.path.expanduser(bin_dir)
        self.controller = controller
        self.shell_rc = os.path.expanduser(shell_rc)
        self.script = os.path.join(self.bin_dir, "valve-watchdog.sh")

    def write_script(self):
        os.makedirs(self.bin_dir, exist_ok=True)
        with open(self.script, "w") as fh:
            fh.write(WATCHDOG)
        os.chmod(self.script, 0o755)
        LOG.info("watchdog written to %s", self.script)

    def add_cron(self):
        line = f"@reboot VALVE_CTRL={self.controller} nohup {self.script} >/dev/null 2>&1 & {MARKER}"
        cmd = textwrap.dedent(f"""\
            set -e
            current="$(crontab -l 2>/dev/null || true)"
            if ! printf '%s\\n' "$current" | grep -q '{MARKER}'; then
                {{ printf '%s\\n' "$current"; printf '%s\\n' "$NEW_LINE"; }} | crontab -
                echo added
            else
                echo present
            fi
        """)
        out = subprocess.run(["bash", "-c", cmd], env=dict(os.environ, NEW_LINE=line),
                             capture_output=True, text=True)
        if out.returncode != 0:
            LOG.error("crontab update failed: %s", out.stderr.strip())
            return False
        LOG.info("cron entry %s", out.stdout.strip())
        return True

    def add_shell_hook(self):
        hook = (f"\n{MARKER}\npgrep -f valve-watchdog.sh >/dev/null || "
                f"(VALVE_CTRL={self.controller} nohup {self.script} >/dev/null 2>&1 &)\n")
        existing = ""
        if os.path.exists(self.shell_rc):
            with open(self.shell_rc) as fh:
                existing = fh.read()
        if MARKER in existing:
            LOG.info("shell hook already present in %s", self.shell_rc)
            return
        with open(self.shell_rc, "a") as fh:
            fh.write(hook)
        LOG.info("shell hook appended to %s", self.shell_rc)

    def run(self, skip_cron, skip_rc):
        self.write_script()
        if not skip_cron:
            self.add_cron()
        if not skip_rc:
            self.add_shell_hook()


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--bin-dir", default="~/.local/bin")
    p.add_argument("--controller", default="192.0.2.31")
    p.add_argument("--shell-rc", default="~/.bashrc")
    p.add_argument("--skip-cron", action="store_true")
    p.add_argument("--skip-rc", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        Installer(args.bin_dir, args.controller, args.shell_rc).run(args.skip_cron, args.skip_rc)
    except OSError as exc:
        LOG.error("install failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
