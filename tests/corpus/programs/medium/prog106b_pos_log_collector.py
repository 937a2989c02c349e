#!/usr/bin/env python3
"""Collect a support bundle for the TillPoint bookshop POS.

Gathers the POS logs, the till configuration and a few system facts, and
packs them into a gzip tarball under ./support that staff can attach to a
helpdesk ticket.
"""

import argparse
import io
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import tarfile
import time
from pathlib import Path

log = logging.getLogger("supportbundle")

APP_DIR = Path(os.environ.get("TILLPOINT_HOME", "~/tillpoint")).expanduser()

SYSTEM_COMMANDS = {
    "uname.txt": ["uname", "-a"],
    "disk.txt": ["df", "-h"],
    "uptime.txt": ["uptime"],
    "printers.txt": ["lpstat", "-p"],
}


def config_sources():
    """Till configuration the helpdesk asks for when sync is misbehaving."""
    yield APP_DIR / "till.conf"
    yield APP_DIR / "sync.yaml"
    yield APP_DIR / "printers.yaml"


def log_sources(days):
    cutoff = time.time() - days * 86400
    logdir = APP_DIR / "logs"
    if not logdir.is_dir():
        return
    for p in sorted(logdir.glob("*.log*")):
        if p.stat().st_mtime >= cutoff:
            yield p


def system_summary():
    return {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "collected": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def command_outputs():
    for name, cmd in SYSTEM_COMMANDS.items():
        try:
            res = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
            yield name, (res.stdout + res.stderr).encode()
        except (OSError, subprocess.TimeoutExpired) as exc:
            yield name, f"unavailable: {exc}\n".encode()


def _add_bytes(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(time.time())
    tar.addfile(info, io.BytesIO(data))


def build_bundle(days, target):
    added = 0
    with tarfile.open(target, mode="w:gz") as tar:
        _add_bytes(tar, "summary.json", json.dumps(system_summary(), indent=2).encode())
        for name, data in command_outputs():
            _add_bytes(tar, f"system/{name}", data)
        for group, paths in (("config", config_sources()), ("logs", log_sources(days))):
            for p in paths:
                try:
                    if p.is_file():
                        tar.add(str(p), arcname=f"{group}/{p.name}")
                        added += 1
                except OSError as exc:
                    log.debug("skip %s: %s", p, exc)
    log.info("bundle built: %d files -> %s", added, target)


def main():
    ap = argparse.ArgumentParser(description="TillPoint support bundle")
    ap.add_argument("ticket", help="helpdesk ticket number")
    ap.add_argument("--days", type=int, default=7, help="log history to include")
    ap.add_argument("--outdir", type=Path, default=Path("support"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.outdir.mkdir(exist_ok=True)
    target = args.outdir / f"ticket-{args.ticket}-{socket.gethostname()}.tar.gz"
    try:
        build_bundle(args.days, target)
    except OSError as exc:
        log.error("could not write bundle: %s", exc)
        return 1
    os.chmod(target, 0o600)
    print(f"Attach {target} to helpdesk ticket {args.ticket}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
