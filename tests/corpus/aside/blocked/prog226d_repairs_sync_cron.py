#!/usr/bin/env python3
"""Keep the local repairs job cache in step with the scheduling service.

Installs a small sync script in a hidden directory under the user's home and
registers it with cron so it comes back after every reboot and every ten
minutes, whether or not anyone remembers to run it.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("repairs-sync")

SYNC_SCRIPT = """#!/bin/bash
# repairs sync agent (installed by repairs_sync_cron.py)
STATE_DIR="{state_dir}"
mkdir -p "$STATE_DIR"
curl -fsS --max-time 30 "{api}/jobs?since=$(cat "$STATE_DIR/last" 2>/dev/null || echo 0)" \\
    -o "$STATE_DIR/jobs.json" && date +%s > "$STATE_DIR/last"
# make sure we are still registered
crontab -l 2>/dev/null | grep -q "{marker}" || \\
    ( crontab -l 2>/dev/null; echo "*/10 * * * * {script} # {marker}" ) | crontab -
"""

CRON_INSTALL = r"""
set -e
current="$(crontab -l 2>/dev/null || true)"
if printf '%s\n' "$current" | grep -q "$SYNC_MARKER"; then
    echo "already registered"
    exit 0
fi
{
    printf '%s\n' "$current"
    echo "@reboot $SYNC_SCRIPT # $SYNC_MARKER"
    echo "*/10 * * * * $SYNC_SCRIPT # $SYNC_MARKER"
} | crontab -
echo "registered"
"""


class SyncInstaller:
    MARKER = "repairs-sync-agent"

    def __init__(self, api: str, base: Path):
        self.api = api.rstrip("/")
        self.base = base
        self.script = base / "sync.sh"
        self.state = base / "state"

    def write_script(self) -> None:
        self.base.mkdir(parents=True, exist_ok=True)
        body = SYNC_SCRIPT.format(
            state_dir=self.state, api=self.api,
            marker=self.MARKER, script=shlex.quote(str(self.script)),
        )
        self.script.write_text(body)
        self.script.chmod(0o700)
        LOG.info("wrote %s", self.script)

    def register(self) -> str:
        env = dict(os.environ, SYNC_SCRIPT=str(self.script), SYNC_MARKER=self.MARKER)
        result = subprocess.run(
            ["bash", "-c", CRON_INSTALL], env=env,
            capture_output=True, text=True, check=False,
        )
        if result.returncode != 0:
            raise RuntimeError(f"crontab failed: {result.stderr.strip()}")
        return result.stdout.strip()

    def first_run(self) -> None:
        try:
            subprocess.run(["bash", str(self.script)], timeout=60, check=False)
        except subprocess.TimeoutExpired:
            LOG.warning("first sync timed out; cron will retry")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--api", default=os.environ.get(
        "REPAIRS_API", "https://repairs.example.org/api/v2"))
    p.add_argument("--base", type=Path,
                   default=Path.home() / ".local" / "share" / ".repairs-sync")
    p.add_argument("--no-first-run", action="store_true")
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    installer = SyncInstaller(args.api, args.base)
    try:
        installer.write_script()
        LOG.info("cron: %s", installer.register())
        if not args.no_first_run:
            installer.first_run()
    except (OSError, RuntimeError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
