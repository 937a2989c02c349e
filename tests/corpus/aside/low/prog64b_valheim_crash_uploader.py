#!/usr/bin/env python3
"""Upload Valheim dedicated-server crash reports to our crash tracker.

Run from the ExecStopPost= of the server unit or by hand after a crash. It
collects the tail of the server log (and the BepInEx log when mods are in
use), a few host facts, and posts them as one JSON report to the tracker.

Environment:
    VHCRASH_API_KEY   project key for the crash tracker (required)
    VHCRASH_ENDPOINT  override the tracker URL
"""

import argparse
import datetime as dt
import json
import logging
import os
import platform
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("vhcrash")

DEFAULT_ENDPOINT = "https://crash.ironhearth.gg/api/v2/reports"
LOG_CANDIDATES = ("valheim_server.log", "BepInEx/LogOutput.log")


def tail_lines(path: Path, count: int) -> list:
    try:
        with path.open("r", errors="replace") as fh:
            lines = fh.readlines()
    except OSError as exc:
        log.debug("cannot read %s: %s", path, exc)
        return []
    return [line.rstrip("\n") for line in lines[-count:]]


def os_release() -> dict:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                key, _, value = line.partition("=")
                info[key] = value.strip('"')
    except OSError:
        pass
    return {k: info[k] for k in ("NAME", "VERSION_ID") if k in info}


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


class CrashReport:
    def __init__(self, server_dir: Path, lines: int):
        self.server_dir = server_dir
        self.lines = lines

    def collect(self) -> dict:
        logs = {}
        for rel in LOG_CANDIDATES:
            tail = tail_lines(self.server_dir / rel, self.lines)
            if tail:
                logs[rel] = tail
        return {
            "created": dt.datetime.now(dt.timezone.utc).isoformat(),
            "host": socket.gethostname(),
            "server_dir": self.server_dir.name,
            "os": os_release(),
            "cpu": cpu_model(),
            "python": platform.python_version(),
            "logs": logs,
        }


def post_report(endpoint: str, api_key: str, report: dict, timeout: float) -> str:
    body = json.dumps(report).encode("utf-8")
    req = urllib.request.Request(
        endpoint,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
        },
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        payload = json.loads(resp.read() or b"{}")
    return payload.get("id", "?")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="upload a Valheim server crash report")
    p.add_argument("--server-dir", type=Path, default=Path.cwd())
    p.add_argument("--lines", type=int, default=400)
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--dry-run", action="store_true", help="print the report instead of sending it")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = CrashReport(args.server_dir, args.lines).collect()
    if not report["logs"]:
        log.warning("no server logs found under %s", args.server_dir)

    if args.dry_run:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0

    api_key = os.environ.get("VHCRASH_API_KEY")
    if not api_key:
        log.error("VHCRASH_API_KEY is not set")
        return 2
    endpoint = os.environ.get("VHCRASH_ENDPOINT", DEFAULT_ENDPOINT)

    try:
        report_id = post_report(endpoint, api_key, report, args.timeout)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("crash report %s uploaded", report_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
