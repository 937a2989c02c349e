#!/usr/bin/env python3
"""Collect a support bundle for the ticketing vendor's helpdesk.

When a till misbehaves the helpdesk asks for "the usual": OS version, CPU,
client version, the last few days of client logs and the client config with
passwords blanked. This gathers all of that from the ticketing client folder
(run it from there) into dist/support-<host>-<date>.zip, which the duty
manager attaches to the ticket by hand.
"""
import argparse
import configparser
import datetime as dt
import io
import json
import logging
import platform
import re
import shutil
import socket
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("support_bundle")

STAGING = Path("build") / "support"
REDACT_KEYS = re.compile(r"(pass|secret|token|key|pin)", re.I)


def os_release() -> dict:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError as exc:
        info["error"] = str(exc)
    return info


def cpu_summary() -> dict:
    model, cores = None, 0
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name") and model is None:
                model = line.split(":", 1)[1].strip()
            elif line.startswith("processor"):
                cores += 1
    except OSError:
        pass
    return {"model": model or platform.processor(), "logical_cores": cores or None}


def client_version(folder: Path) -> str:
    ver = folder / "VERSION"
    return ver.read_text().strip() if ver.exists() else "unknown"


def redacted_config(path: Path) -> str:
    cfg = configparser.ConfigParser(interpolation=None)
    cfg.read(path)
    for section in cfg.sections():
        for key in cfg[section]:
            if REDACT_KEYS.search(key):
                cfg[section][key] = "********"
    buf = io.StringIO()
    cfg.write(buf)
    return buf.getvalue()


def recent_logs(log_dir: Path, days: int):
    cutoff = dt.datetime.now().timestamp() - days * 86400
    for p in sorted(log_dir.glob("*.log*")):
        if p.is_file() and p.stat().st_mtime >= cutoff:
            yield p


def main() -> int:
    ap = argparse.ArgumentParser(description="Build a helpdesk support bundle")
    ap.add_argument("--days", type=int, default=3, help="days of logs to include")
    ap.add_argument("--config", type=Path, default=Path("client.ini"))
    ap.add_argument("--logs", type=Path, default=Path("logs"))
    ap.add_argument("--keep-staging", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if STAGING.exists():
        shutil.rmtree(STAGING)
    STAGING.mkdir(parents=True)

    host = socket.gethostname()
    system = {
        "host": host,
        "collected": dt.datetime.now().isoformat(timespec="seconds"),
        "os": os_release(),
        "kernel": platform.release(),
        "cpu": cpu_summary(),
        "python": sys.version.split()[0],
        "client_version": client_version(Path.cwd()),
        "disk_free_gb": round(shutil.disk_usage(".").free / 1e9, 1),
    }
    (STAGING / "system.json").write_text(json.dumps(system, indent=2))

    if args.config.exists():
        (STAGING / "client.ini").write_text(redacted_config(args.config))
    else:
        log.warning("no %s in this folder", args.config)

    logs = list(recent_logs(args.logs, args.days)) if args.logs.is_dir() else []
    for p in logs:
        shutil.copy2(p, STAGING / p.name)
    log.info("included %d log files", len(logs))

    dist = Path("dist")
    dist.mkdir(exist_ok=True)
    bundle = dist / f"support-{host}-{dt.date.today():%Y%m%d}.zip"
    with zipfile.ZipFile(bundle, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for f in sorted(STAGING.iterdir()):
            zf.write(f, arcname=f.name)

    if not args.keep_staging:
        shutil.rmtree(STAGING)
    log.info("bundle ready: %s (%.1f KB)", bundle, bundle.stat().st_size / 1024)
    return 0


if __name__ == "__main__":
    sys.exit(main())
