#!/usr/bin/env python3
"""env_doctor: check that this machine is ready for the data-pipeline project.

Writes a JSON report (env_report.json) in the current directory.
"""
import argparse
import importlib.metadata as md
import json
import logging
import os
import platform
import shutil
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("env_doctor")

REQUIRED_PACKAGES = {"pandas": "2.0", "pyarrow": "12.0", "requests": "2.28"}
REQUIRED_TOOLS = ("git", "make")
ENDPOINTS = ("https://pypi.org/simple/", "https://files.pythonhosted.org/")


def parse_version(text: str) -> tuple:
    parts = []
    for piece in text.split(".")[:3]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


def check_packages() -> dict:
    out = {}
    for name, minimum in REQUIRED_PACKAGES.items():
        try:
            found = md.version(name)
        except md.PackageNotFoundError:
            out[name] = {"ok": False, "found": None, "need": minimum}
            continue
        out[name] = {"ok": parse_version(found) >= parse_version(minimum), "found": found, "need": minimum}
    return out


def check_tools() -> dict:
    return {tool: shutil.which(tool) for tool in REQUIRED_TOOLS}


def check_network() -> dict:
    status = {}
    for url in ENDPOINTS:
        req = urllib.request.Request(url, method="HEAD")
        try:
            with urllib.request.urlopen(req, timeout=5) as resp:
                status[url] = resp.status
        except (urllib.error.URLError, OSError) as exc:
            status[url] = f"unreachable: {exc}"
    return status


def system_info() -> dict:
    info = {"python": sys.version.split()[0], "machine": platform.machine(), "cpus": os.cpu_count()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        info["os"] = platform.platform()
    try:
        flags = next(l for l in Path("/proc/cpuinfo").read_text().splitlines() if l.startswith("flags"))
        info["avx2"] = "avx2" in flags.split()
    except (OSError, StopIteration):
        info["avx2"] = None
    return info


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--offline", action="store_true", help="skip network checks")
    ap.add_argument("--report", default="env_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = {"system": system_info(), "packages": check_packages(), "tools": check_tools()}
    if not args.offline:
        report["network"] = check_network()

    problems = [n for n, r in report["packages"].items() if not r["ok"]]
    problems += [t for t, p in report["tools"].items() if p is None]
    report["ready"] = not problems

    path = Path(args.report)
    path.write_text(json.dumps(report, indent=2))
    os.chmod(path, 0o600)
    for p in problems:
        LOG.warning("missing or outdated: %s", p)
    LOG.info("report written to %s (ready=%s)", path, report["ready"])
    return 0 if report["ready"] else 1


if __name__ == "__main__":
    sys.exit(main())
