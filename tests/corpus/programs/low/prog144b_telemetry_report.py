#!/usr/bin/env python3
"""Build the weekly kart health report from telemetry summaries.

Reads the per-kart summary files written by the loggers, flags karts with
rising engine temperatures or dropping top RPM, and writes a JSON report
the workshop dashboard can import. The logger's raw snapshot is embedded
(base64) so the workshop can look at it without the logger software.
"""
import argparse
import base64
import json
import logging
import os
import platform
import shutil
import statistics
import tempfile
from pathlib import Path

log = logging.getLogger("kart-health")

WORK_CACHE = Path(".report_cache")


def host_info():
    """Record what machine produced the report (helps when numbers look odd)."""
    info = {"python": platform.python_version()}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            models = [l.split(":", 1)[1].strip() for l in fh if l.startswith("model name")]
        info["cpu"] = models[0] if models else "unknown"
        info["cores"] = len(models)
    except OSError:
        pass
    return info


def load_summary(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return data.get("kart"), data.get("sessions", [])


def assess(sessions, temp_limit, rpm_drop_pct):
    temps = [s["max_temp"] for s in sessions if "max_temp" in s]
    rpms = [s["max_rpm"] for s in sessions if "max_rpm" in s]
    flags = []
    if temps and max(temps[-3:]) > temp_limit:
        flags.append(f"engine temp above {temp_limit}C in recent sessions")
    if len(rpms) >= 6:
        early, late = statistics.mean(rpms[:3]), statistics.mean(rpms[-3:])
        if early and (early - late) / early * 100 > rpm_drop_pct:
            flags.append(f"top RPM down {round((early - late) / early * 100, 1)}%")
    return flags


def embed_snapshot(path):
    p = Path(path)
    if not p.is_file():
        return None
    return base64.b64encode(p.read_bytes()).decode("ascii")


def write_atomic(path, payload):
    # write to a temp file next to the target, then swap it in
    target = Path(path).resolve()
    fd, tmp = tempfile.mkstemp(prefix=".report-", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(payload, fh, indent=2)
        os.replace(tmp, target)
    except Exception:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("summaries", nargs="+", help="per-kart summary JSON files")
    ap.add_argument("--out", default="kart_health.json")
    ap.add_argument("--temp-limit", type=float, default=118.0)
    ap.add_argument("--rpm-drop", type=float, default=4.0)
    ap.add_argument("--clean", action="store_true", help="drop the local cache first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and WORK_CACHE.exists():
        shutil.rmtree(WORK_CACHE)
    WORK_CACHE.mkdir(exist_ok=True)

    report = {"host": host_info(), "karts": []}
    for s in args.summaries:
        try:
            kart, sessions = load_summary(s)
        except (OSError, ValueError) as exc:
            log.warning("skip %s: %s", s, exc)
            continue
        entry = {"kart": kart, "sessions": len(sessions),
                 "flags": assess(sessions, args.temp_limit, args.rpm_drop)}
        snap = embed_snapshot(Path(s).with_suffix(".bin"))
        if snap:
            entry["snapshot_b64"] = snap
        report["karts"].append(entry)
        if entry["flags"]:
            log.info("kart %s: %s", kart, "; ".join(entry["flags"]))

    write_atomic(args.out, report)
    log.info("wrote %s (%d karts)", args.out, len(report["karts"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
