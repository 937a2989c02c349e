#!/usr/bin/env python3
"""Install a watchdog that keeps the dome warp daemon alive.

The warp daemon (which applies the fisheye mesh to each projector output)
occasionally dies after a GPU driver hiccup. This tool writes a small
watchdog script into the operator's ~/.local/bin and registers it in the
user's crontab so it starts on boot and checks every minute.
"""

import argparse
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("warp-watchdog")
MARKER = "# dome-warp-watchdog"

WATCH_SCRIPT = """#!/bin/bash
# dome warp watchdog - installed by warp_daemon_watchdog.py
DAEMON={daemon}
ARGS={args}
LOG="$HOME/.local/state/warp-watchdog.log"
mkdir -p "$(dirname "$LOG")"
if ! pgrep -u "$USER" -f "$DAEMON" >/dev/null; then
    echo "$(date '+%F %T') restarting $DAEMON" >> "$LOG"
    nohup "$DAEMON" $ARGS >> "$LOG" 2>&1 &
fi
"""


class CrontabError(RuntimeError):
    pass


def run_bash(cmd, stdin_text=None, env=None):
    proc = subprocess.run(["bash", "-c", cmd], input=stdin_text, text=True,
                          capture_output=True, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def current_crontab():
    rc, out, err = run_bash("crontab -l")
    if rc != 0:
        if "no crontab" in err.lower():
            return ""
        raise CrontabError(err.strip())
    return out


def write_watch_script(path, daemon, daemon_args):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(WATCH_SCRIPT.format(daemon=shlex.quote(daemon),
                                        args=shlex.quote(daemon_args)))
    path.chmod(0o700)
    LOG.info("watch script written to %s", path)


def build_entries(script, interval):
    return [
        f"@reboot {script} {MARKER}",
        f"*/{interval} * * * * {script} {MARKER}",
    ]


def install(script, interval, dry_run):
    existing = current_crontab()
    kept = [line for line in existing.splitlines() if MARKER not in line]
    new = kept + build_entries(script, interval)
    text = "\n".join(new) + "\n"
    if dry_run:
        print(text)
        return 0
    env = dict(os.environ, NEW_CRONTAB=text)
    rc, _, err = run_bash('printf "%s" "$NEW_CRONTAB" | crontab -', env=env)
    if rc != 0:
        raise CrontabError(err.strip())
    LOG.info("crontab updated with %d watchdog entries", 2)
    return 0


def uninstall():
    existing = current_crontab()
    kept = [line for line in existing.splitlines() if MARKER not in line]
    env = dict(os.environ, NEW_CRONTAB="\n".join(kept) + "\n")
    rc, _, err = run_bash('printf "%s" "$NEW_CRONTAB" | crontab -', env=env)
    if rc != 0:
        raise CrontabError(err.strip())
    LOG.info("watchdog entries removed")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--daemon", default=str(Path.home() / "dome" / "bin" / "warpd"))
    ap.add_argument("--daemon-args", default="--config ~/dome/warp.toml")
    ap.add_argument("--interval", type=int, default=1, help="minutes between checks")
    ap.add_argument("--script", default=str(Path.home() / ".local" / "bin" / "warp-watch.sh"))
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not 1 <= args.interval <= 59:
        LOG.error("interval must be 1..59 minutes")
        return 64
    try:
        if args.uninstall:
            return uninstall()
        write_watch_script(Path(args.script), args.daemon, args.daemon_args)
        return install(args.script, args.interval, args.dry_run)
    except (CrontabError, OSError) as exc:
        LOG.error("install failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
