#!/usr/bin/env python3
"""Record which Raspberry Pi board and OS a robotics-lab station runs.

Students run this at the start of the first lab session; the resulting
station_<hostname>.json is handed in with lab 0 so the TAs know which
boards need a firmware or OS refresh.  The minimum supported OS release is
read from the course website.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import re
import socket
import sys
import urllib.error
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("inventory")
POLICY_URL = "https://robotics.example.edu/lab/supported-os.json"

PI_REVISIONS = {
    "a02082": "Pi 3 Model B (1.2)",
    "a020d3": "Pi 3 Model B+ (1.3)",
    "b03111": "Pi 4 Model B (2GB, 1.1)",
    "c03112": "Pi 4 Model B (4GB, 1.2)",
    "d03114": "Pi 4 Model B (8GB, 1.4)",
    "c04170": "Pi 5 (4GB)",
}


def parse_os_release(path: str = "/etc/os-release") -> dict:
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, _, value = line.partition("=")
                info[key] = value.strip().strip('"')
    except FileNotFoundError:
        LOG.warning("%s not present", path)
    return info


def parse_cpuinfo(path: str = "/proc/cpuinfo") -> dict:
    board = {"cores": 0}
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
        return board
    board["cores"] = len(re.findall(r"^processor\s*:", text, re.M))
    for field in ("Hardware", "Revision", "Serial", "Model"):
        m = re.search(rf"^{field}\s*:\s*(.+)$", text, re.M)
        if m:
            board[field.lower()] = m.group(1).strip()
    rev = board.get("revision", "").lower().lstrip("0")
    board["board_name"] = PI_REVISIONS.get(rev, board.get("model", "unknown board"))
    return board


def fetch_policy(url: str, timeout: float) -> dict:
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return json.load(resp)
    except (urllib.error.URLError, ValueError, TimeoutError) as exc:
        LOG.warning("could not load policy (%s); skipping version check", exc)
        return {}


def evaluate(os_info: dict, policy: dict) -> list[str]:
    notes = []
    wanted = policy.get("min_version_id")
    have = os_info.get("VERSION_ID")
    if wanted and have:
        try:
            if int(have) < int(wanted):
                notes.append(f"OS {have} is older than required {wanted}: reflash card")
        except ValueError:
            notes.append(f"cannot compare OS version {have!r} with {wanted!r}")
    if os_info.get("ID") not in policy.get("allowed_ids", [os_info.get("ID")]):
        notes.append(f"unsupported distribution {os_info.get('ID')}")
    return notes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--student", required=True, help="your student id")
    ap.add_argument("--policy-url", default=POLICY_URL)
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    os_info = parse_os_release()
    board = parse_cpuinfo()
    policy = {} if args.offline else fetch_policy(args.policy_url, args.timeout)

    record = {
        "student": args.student,
        "station": socket.gethostname(),
        "collected_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "kernel": platform.release(),
        "os": {k: os_info.get(k) for k in ("ID", "VERSION_ID", "PRETTY_NAME")},
        "board": board,
        "notes": evaluate(os_info, policy),
    }

    out = Path.cwd() / f"station_{record['station']}.json"
    out.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    os.chmod(out, 0o600)  # contains the board serial; keep it private
    LOG.info("board: %s, %s cores", board.get("board_name"), board.get("cores"))
    for note in record["notes"]:
        LOG.info("NOTE: %s", note)
    LOG.info("wrote %s - upload it with lab 0", out.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
