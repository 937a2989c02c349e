#!/usr/bin/env python3
"""shift_report_autostart.py

Installs the toolpusher's shift-report uploader so it "always runs": it
writes a runner script under ~/.local/share, registers it in the user's
crontab every ten minutes and adds a line to ~/.bashrc that re-registers the
cron entry on every login in case someone removes it.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

UPLOAD_URL = "https://reports.example.com/api/shift"
MARKER = "# shiftrep-autostart"

RUNNER = """#!/usr/bin/env bash
# shift report runner (installed by shift_report_autostart.py)
REPORT_DIR="${REPORT_DIR:-$HOME/shift_reports}"
for f in "$REPORT_DIR"/*.json; do
    [ -f "$f" ] || continue
    curl -s -m 20 -H "Content-Type: application/json" \\
        --data-binary @"$f" "%(url)s" >/dev/null && mv "$f" "$f.sent"
done
"""

log = logging.getLogger("shiftrep")


class Installer:
    def __init__(self, home: Path, url: str, interval: int):
        self.home = home
        self.url = url
        self.interval = interval
        self.base = home / ".local" / "share" / "shiftrep"
        self.runner = self.base / "run.sh"

    def write_runner(self) -> None:
        self.base.mkdir(parents=True, exist_ok=True)
        self.runner.write_text(RUNNER % {"url": self.url})
        self.runner.chmod(0o700)
        log.info("runner written to %s", self.runner)

    def cron_line(self) -> str:
        return f"*/{self.interval} * * * * {self.runner} >/dev/null 2>&1 {MARKER}"

    def install_cron(self) -> None:
        env = dict(os.environ)
        env["CRON_LINE"] = self.cron_line()
        env["MARKER"] = MARKER
        script = ('(crontab -l 2>/dev/null | grep -v "$MARKER"; '
                  'echo "$CRON_LINE") | crontab -')
        proc = subprocess.run(["bash", "-c", script], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "crontab failed")
        log.info("cron entry installed")

    def install_bashrc_hook(self) -> None:
        rc = self.home / ".bashrc"
        existing = rc.read_text() if rc.exists() else ""
        if MARKER in existing:
            log.info("bashrc hook already present")
            return
        hook = (
            f"\n{MARKER}\n"
            f"crontab -l 2>/dev/null | grep -q 'shiftrep' || "
            f"(crontab -l 2>/dev/null; echo '{self.cron_line()}') | crontab - "
            f"2>/dev/null\n"
            f"( {self.runner} & ) >/dev/null 2>&1\n"
        )
        with rc.open("a") as fh:
            fh.write(hook)
        log.info("bashrc hook added to %s", rc)


def main() -> int:
    ap = argparse.ArgumentParser(description="install shift report autostart")
    ap.add_argument("--url", default=UPLOAD_URL)
    ap.add_argument("--interval", type=int, default=10,
                    help="minutes between runs")
    ap.add_argument("--no-bashrc", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not 1 <= args.interval <= 59:
        log.error("interval must be 1..59 minutes")
        return 2

    inst = Installer(Path.home(), args.url, args.interval)
    try:
        inst.write_runner()
        inst.install_cron()
        if not args.no_bashrc:
            inst.install_bashrc_hook()
    except (OSError, RuntimeError) as exc:
        log.error("install failed: %s", exc)
        return 1
    log.info("shift report autostart installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
