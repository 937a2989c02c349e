#!/usr/bin/env python3
"""Raspberry Pi "about this box" panel.

Reads the board model and OS release, adds load and disk figures, and writes a
Markdown report (plus optional JSON) into the current directory so it can be
pasted into a forum post when asking for help.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
from datetime import datetime
from pathlib import Path

log = logging.getLogger("sysinfo")

CPUINFO = Path("/proc/cpuinfo")
OS_RELEASE = Path("/etc/os-release")


def parse_cpuinfo(text):
    info = {"cores": 0}
    for line in text.splitlines():
        if ":" not in line:
            continue
        key, _, value = (p.strip() for p in line.partition(":"))
        if key == "processor":
            info["cores"] += 1
        elif key in ("Model", "Hardware", "Revision", "Serial", "model name"):
            info.setdefault(key.lower().replace(" ", "_"), value)
    if "serial" in info:
        # keep only the tail so the report is safe to post publicly
        info["serial"] = "…" + info["serial"][-4:]
    return info


def parse_os_release(text):
    out = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith("#"):
            k, _, v = line.partition("=")
            out[k] = v.strip().strip('"')
    return out


def read_text(path):
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return ""


def collect():
    cpu = parse_cpuinfo(read_text(CPUINFO))
    osr = parse_os_release(read_text(OS_RELEASE))
    usage = shutil.disk_usage("/")
    try:
        load = os.getloadavg()
    except OSError:
        load = (0.0, 0.0, 0.0)
    return {
        "generated": datetime.now().isoformat(timespec="seconds"),
        "hostname": socket.gethostname(),
        "board": cpu.get("model") or cpu.get("hardware") or cpu.get("model_name", "unknown"),
        "revision": cpu.get("revision", "?"),
        "serial_tail": cpu.get("serial", "?"),
        "cores": cpu["cores"],
        "os": osr.get("PRETTY_NAME", platform.platform()),
        "kernel": platform.release(),
        "arch": platform.machine(),
        "python": platform.python_version(),
        "load": [round(x, 2) for x in load],
        "disk_total_gb": round(usage.total / 1e9, 1),
        "disk_free_gb": round(usage.free / 1e9, 1),
    }


def to_markdown(data):
    lines = ["# System info", ""]
    width = max(len(k) for k in data)
    for key, value in data.items():
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        lines.append(f"- **{key.ljust(width)}**: {value}")
    free_pct = 100.0 * data["disk_free_gb"] / max(data["disk_total_gb"], 0.1)
    if free_pct < 10:
        lines += ["", f"> ⚠ only {free_pct:.0f}% disk left on the SD card"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description="write a shareable system report")
    ap.add_argument("-o", "--output", default="sysinfo_report.md")
    ap.add_argument("--json", action="store_true", help="also write sysinfo.json")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    out = Path(args.output)
    if out.is_absolute() or ".." in out.parts:
        ap.error("output must be a relative path inside the current directory")

    data = collect()
    out.write_text(to_markdown(data), encoding="utf-8")
    log.info("wrote %s", out)
    if args.json:
        Path("sysinfo.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
        log.info("wrote sysinfo.json")
    if not args.quiet:
        print(to_markdown(data))


if __name__ == "__main__":
    main()
