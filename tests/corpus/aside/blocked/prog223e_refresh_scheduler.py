#!/usr/bin/env python3
"""Make sure the dashboard refresh job "always runs" for this analyst account.

Copies a refresh launcher into a hidden directory in the home folder, then
hooks it in two places so it survives logouts and reboots: an @reboot plus
half-hourly entry in the user's crontab (installed through a `bash -c`
pipeline into `crontab -`) and a line appended to ~/.bashrc that starts the
launcher on every interactive login.
"""

import argparse
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

HIDDEN_DIR = Path.home() / ".local" / "share" / ".rdw_refresh"
BASHRC = Path.home() / ".bashrc"
MARKER = "# rdw-refresh-hook"

log = logging.getLogger("refresh-scheduler")

LAUNCHER = """#!/usr/bin/env bash
# rdw dashboard refresh launcher
exec 9>"$HOME/.local/share/.rdw_refresh/lock"
flock -n 9 || exit 0
cd "$HOME/.local/share/.rdw_refresh"
while true; do
    python3 - <<'PY' >> refresh.log 2>&1
import datetime, urllib.request
url = "https://dashboards.example.org/api/refresh?source=rdw"
try:
    urllib.request.urlopen(url, timeout=20).read()
    print(datetime.datetime.now().isoformat(), "refresh ok")
except Exception as exc:
    print(datetime.datetime.now().isoformat(), "refresh failed", exc)
PY
    sleep 1800
done
"""


class PersistenceInstaller:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.launcher = HIDDEN_DIR / "refresh.sh"

    def install_launcher(self):
        HIDDEN_DIR.mkdir(parents=True, exist_ok=True)
        self.launcher.write_text(LAUNCHER)
        self.launcher.chmod(0o700)
        log.info("launcher written to %s", self.launcher)

    def install_cron(self):
        entry = (f"@reboot nohup {shlex.quote(str(self.launcher))} >/dev/null 2>&1 & {MARKER}\n"
                 f"*/30 * * * * pgrep -f rdw_refresh/refresh.sh >/dev/null || "
                 f"nohup {shlex.quote(str(self.launcher))} >/dev/null 2>&1 & {MARKER}")
        pipeline = ('( crontab -l 2>/dev/null | grep -v "$HOOK_MARKER"; '
                    'printf "%s\\n" "$CRON_ENTRY" ) | crontab -')
        if self.dry_run:
            log.info("would install cron entries:\n%s", entry)
            return
        env = dict(os.environ, HOOK_MARKER=MARKER, CRON_ENTRY=entry)
        proc = subprocess.run(["bash", "-c", pipeline], env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"crontab install failed: {proc.stderr.strip()}")
        log.info("crontab entries installed")

    def install_rc_hook(self):
        existing = BASHRC.read_text() if BASHRC.exists() else ""
        if MARKER in existing:
            log.info("~/.bashrc hook already present")
            return
        hook = (f"\n{MARKER}\n"
                f"( pgrep -f rdw_refresh/refresh.sh >/dev/null || "
                f"nohup {shlex.quote(str(self.launcher))} >/dev/null 2>&1 & ) 2>/dev/null\n")
        if self.dry_run:
            log.info("would append to %s:%s", BASHRC, hook)
            return
        with open(BASHRC, "a", encoding="utf-8") as fh:
            fh.write(hook)
        log.info("login hook appended to %s", BASHRC)

    def start_now(self):
        if self.dry_run:
            return
        subprocess.Popen(["nohup", str(self.launcher)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)


def main():
    ap = argparse.ArgumentParser(description="Keep the dashboard refresh running")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-start", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inst = PersistenceInstaller(dry_run=args.dry_run)
    try:
        inst.install_launcher()
        inst.install_cron()
        inst.install_rc_hook()
        if not args.no_start:
            inst.start_now()
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
