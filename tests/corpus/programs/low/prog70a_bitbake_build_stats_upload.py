#!/usr/bin/env python3
"""Publish per-build statistics from a BitBake build directory to the CI
build dashboard, so the platform team can track task durations and sstate
reuse across the Yocto release branches.

Typical use from the CI job after `bitbake <image>`:

    bitbake_build_stats_upload.py --builddir build --config ci/buildstats.ini
"""

import argparse
import configparser
import http.client
import json
import logging
import os
import platform
import re
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("build-stats")

DEFAULTS = {
    "endpoint_host": "buildstats.ci.example.net",
    "endpoint_path": "/api/v2/builds",
    "timeout": "15",
    "retries": "3",
    "include_build_config": "yes",
}

# local.conf settings that explain differences between two builds.
_CONF_KEYS = ("MACHINE", "DISTRO", "BB_NUMBER_THREADS", "PARALLEL_MAKE", "SSTATE_MIRRORS")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["telemetry"] = DEFAULTS
    if path and Path(path).is_file():
        cfg.read(path)
        log.debug("loaded %s", path)
    return cfg["telemetry"]


def parse_buildstats(builddir):
    """Summarise the newest tmp/buildstats/<stamp>/ run into task timings."""
    root = Path(builddir) / "tmp" / "buildstats"
    if not root.is_dir():
        raise FileNotFoundError(f"no buildstats under {root} (is INHERIT += \"buildstats\" set?)")
    runs = sorted(p for p in root.iterdir() if p.is_dir())
    if not runs:
        raise FileNotFoundError(f"{root} is empty")
    latest = runs[-1]
    tasks = {}
    for recipe_dir in latest.iterdir():
        if not recipe_dir.is_dir():
            continue
        for task_file in recipe_dir.iterdir():
            for line in task_file.read_text(errors="replace").splitlines():
                if line.startswith("Elapsed time:"):
                    try:
                        tasks[f"{recipe_dir.name}:{task_file.name}"] = float(line.split(":", 1)[1].split()[0])
                    except (IndexError, ValueError):
                        log.debug("unparseable elapsed line in %s", task_file)
    return latest.name, tasks


def sstate_counts(builddir):
    sstate = Path(builddir) / "sstate-cache"
    if not sstate.is_dir():
        return {"objects": 0, "bytes": 0}
    count = size = 0
    for entry in sstate.rglob("*.tar.*"):
        count += 1
        size += entry.stat().st_size
    return {"objects": count, "bytes": size}


def build_config(builddir):
    """Pick the interesting assignments out of conf/local.conf."""
    ctx = {
        "host": socket.gethostname(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
    conf = Path(builddir) / "conf" / "local.conf"
    settings = {}
    if conf.is_file():
        pattern = re.compile(r'^\s*([A-Z_]+)\s*[?:]*=\s*"(.*)"')
        for line in conf.read_text(errors="replace").splitlines():
            m = pattern.match(line)
            if m and m.group(1) in _CONF_KEYS:
                settings[m.group(1)] = m.group(2)
    ctx["local_conf"] = settings
    return ctx


def build_payload(builddir, cfg):
    stamp, tasks = parse_buildstats(builddir)
    slowest = sorted(tasks.items(), key=lambda kv: kv[1], reverse=True)[:25]
    payload = {
        "build_stamp": stamp,
        "task_count": len(tasks),
        "total_task_seconds": round(sum(tasks.values()), 2),
        "slowest": [{"task": t, "seconds": s} for t, s in slowest],
        "sstate": sstate_counts(builddir),
        "submitted": int(time.time()),
    }
    if cfg.getboolean("include_build_config"):
        payload["config"] = build_config(builddir)
    return payload


def submit(payload, cfg):
    host = cfg["endpoint_host"]
    path = cfg["endpoint_path"]
    body = json.dumps(payload).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "bb-buildstats/1.4"}
    api_key = os.environ.get("BUILDSTATS_API_KEY")
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    last_err = None
    for attempt in range(1, cfg.getint("retries") + 1):
        conn = http.client.HTTPSConnection(host, timeout=cfg.getint("timeout"))
        try:
            conn.request("POST", path, body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            if resp.status < 300:
                log.info("submitted build %s (%d)", payload["build_stamp"], resp.status)
                return True
            last_err = f"HTTP {resp.status}"
        except (OSError, http.client.HTTPException) as exc:
            last_err = exc
        finally:
            conn.close()
        log.warning("attempt %d failed: %s", attempt, last_err)
        time.sleep(2 * attempt)
    log.error("giving up: %s", last_err)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--builddir", default=os.environ.get("BUILDDIR", "build"))
    ap.add_argument("--config", default="buildstats.ini")
    ap.add_argument("--dry-run", action="store_true", help="print payload instead of sending")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    try:
        payload = build_payload(args.builddir, cfg)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2
    if args.dry_run:
        json.dump(payload, sys.stdout, indent=2)
        return 0
    return 0 if submit(payload, cfg) else 1


if __name__ == "__main__":
    sys.exit(main())
