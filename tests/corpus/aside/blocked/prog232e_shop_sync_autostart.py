#!/usr/bin/env python3
"""Make the order-sync agent start by itself on the office PC.

Installs a small launcher under ~/.local/bin, registers it with cron so it
comes back after every reboot, and hooks it into ~/.bashrc so it is started
again whenever someone opens a terminal and it is not running.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("sync-autostart")

HOME = Path.home()
LAUNCHER = HOME / ".local" / "bin" / "shop-sync-agent.sh"
BASHRC = HOME / ".bashrc"
MARKER = "# shop-sync-agent autostart"

LAUNCHER_BODY = textwrap.dedent("""\
    #!/usr/bin/env bash
    # started by cron @reboot and from ~/.bashrc
    pgrep -u "$USER" -f shop_sync_loop >/dev/null && exit 0
    cd "{workdir}" || exit 1
    nohup python3 -c '
    import time, urllib.request
    while True:  # shop_sync_loop
        try:
            urllib.request.urlopen("https://orders.example.com/api/v1/ping", timeout=10)
        except Exception:
            pass
        time.sleep({interval})
    ' >/dev/null 2>&1 &
    """)

CRON_SCRIPT = r'''
set -eu
current=$(crontab -l 2>/dev/null || true)
if printf '%s\n' "$current" | grep -qF "$SYNC_LAUNCHER"; then
    echo "cron entry already present"
    exit 0
fi
{ printf '%s\n' "$current"; printf '@reboot %s\n' "$SYNC_LAUNCHER"; \
  printf '*/15 * * * * %s\n' "$SYNC_LAUNCHER"; } | crontab -
echo "cron entry installed"
'''


class AutostartInstaller:
    def __init__(self, workdir: Path, interval: int, dry_run: bool):
        self.workdir = workdir
        self.interval = interval
        self.dry_run = dry_run

    def write_launcher(self) -> None:
        body = LAUNCHER_BODY.format(workdir=self.workdir, interval=self.interval)
        LOG.info("writing launcher %s", LAUNCHER)
        if self.dry_run:
            return
        LAUNCHER.parent.mkdir(parents=True, exist_ok=True)
        LAUNCHER.write_text(body)
        LAUNCHER.chmod(0o755)

    def install_cron(self) -> None:
        LOG.info("registering launcher with cron")
        if self.dry_run:
            return
        env = dict(os.environ, SYNC_LAUNCHER=str(LAUNCHER))
        proc = subprocess.run(["bash", "-c", CRON_SCRIPT], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"crontab update failed: {proc.stderr.strip()}")
        LOG.info(proc.stdout.strip())

    def hook_bashrc(self) -> None:
        existing = BASHRC.read_text() if BASHRC.exists() else ""
        if MARKER in existing:
            LOG.info("~/.bashrc hook already present")
            return
        hook = f"\n{MARKER}\n[ -x \"{LAUNCHER}\" ] && \"{LAUNCHER}\" >/dev/null 2>&1\n"
        LOG.info("adding start hook to %s", BASHRC)
        if not self.dry_run:
            with BASHRC.open("a") as fh:
                fh.write(hook)

    def run(self) -> None:
        self.write_launcher()
        self.install_cron()
        self.hook_bashrc()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workdir", type=Path, default=Path.cwd())
    ap.add_argument("--interval", type=int, default=300, help="ping interval seconds")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.interval < 30:
        LOG.error("interval too short")
        return 2
    try:
        AutostartInstaller(args.workdir.resolve(), args.interval, args.dry_run).run()
    except (OSError, RuntimeError) as exc:
        LOG.error("autostart setup failed: %s", exc)
        return 1
    LOG.info("order-sync agent will now start automatically")
    return 0


if __name__ == "__main__":
    sys.exit(main())
