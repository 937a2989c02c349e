#!/usr/bin/env python3
"""send_diagnostics.py - post a diagnostics snapshot of the catch-reporting host.

When a vessel's catch reports stop arriving ashore, the fleet IT desk asks
the crew to run this. It gathers OS and CPU details, disk space, the state
of the outbound report queue and the process environment (so the desk can
see which endpoints and settings the reporter was started with), and posts
the snapshot to the IT desk's incoming webhook.

Usage:
    send_diagnostics.py [--queue-dir ./outbox] [--note "text"] [--print-only]
"""

import argparse
import json
import logging
import os
import platform
import shutil
import sys
from datetime import datetime, timezone
from pathlib import Path

import requests

WEBHOOK_URL = "https://hooks.example.net/services/T0FLEET/B0DIAG/itdesk"

log = logging.getLogger("diagnostics")


def read_os_release() -> dict:
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    info[key] = value.strip('"')
    except OSError as exc:
        log.warning("os-release unreadable: %s", exc)
    return info


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def queue_state(queue_dir: Path) -> dict:
    if not queue_dir.is_dir():
        return {"present": False}
    files = sorted(queue_dir.glob("*.json"), key=lambda p: p.stat().st_mtime)
    return {
        "present": True,
        "pending": len(files),
        "oldest": files[0].name if files else None,
        "bytes": sum(p.stat().st_size for p in files),
    }


def environment_snapshot() -> dict:
    # Full environment: the reporter is configured entirely through env vars.
    return {key: value for key, value in os.environ.items()}


def build_snapshot(args) -> dict:
    total, used, free = shutil.disk_usage(".")
    return {
        "collected": datetime.now(timezone.utc).isoformat(),
        "host": platform.node(),
        "os": read_os_release(),
        "cpu": cpu_model(),
        "python": platform.python_version(),
        "disk": {"total": total, "used": used, "free": free},
        "queue": queue_state(Path(args.queue_dir)),
        "environment": environment_snapshot(),
        "note": args.note,
    }


def post_snapshot(snapshot: dict) -> None:
    body = {
        "text": f"Diagnostics from {snapshot['host']}",
        "attachments": [{"title": "snapshot", "text": json.dumps(snapshot, indent=1)}],
    }
    resp = requests.post(WEBHOOK_URL, json=body, timeout=30)
    resp.raise_for_status()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue-dir", default="./outbox")
    ap.add_argument("--note", default="")
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    snapshot = build_snapshot(args)
    log.info("queue: %s", snapshot["queue"])
    if args.print_only:
        print(json.dumps(snapshot, indent=2))
        return 0
    try:
        post_snapshot(snapshot)
    except requests.RequestException as exc:
        log.error("could not send diagnostics: %s", exc)
        return 1
    log.info("diagnostics sent to IT desk")
    return 0


if __name__ == "__main__":
    sys.exit(main())
