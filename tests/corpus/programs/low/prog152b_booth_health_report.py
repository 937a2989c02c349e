#!/usr/bin/env python3
"""Health report for video relay interpreter booths.

Collects the basics the helpdesk asks for when a booth misbehaves: OS
release, CPU model and core count, free disk in the recordings folder, and
whether the relay and booking services answer. Writes a plain-text report
in the current folder that the interpreter can attach to a ticket.
"""
import argparse
import logging
import os
import platform
import shutil
import socket
import sys
import tempfile
from datetime import datetime

import requests

log = logging.getLogger("booth-health")

SERVICES = {
    "relay gateway": "https://relay.example.com/healthz",
    "booking system": "https://bookings.example.com/",
    "timesheets": "https://timesheets.example.com/status",
}


def os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
                    info[key] = value.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", platform.platform())


def cpu_summary(path="/proc/cpuinfo"):
    model, cores = "unknown", 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("processor"):
                    cores += 1
    except OSError:
        pass
    return model, cores or os.cpu_count() or 0


def disk_free(folder):
    try:
        usage = shutil.disk_usage(folder)
        return f"{usage.free / 2**30:.1f} GiB free of {usage.total / 2**30:.1f} GiB"
    except OSError as exc:
        return f"unavailable ({exc.strerror})"


def check_service(url):
    try:
        resp = requests.head(url, timeout=5, allow_redirects=True)
        return f"HTTP {resp.status_code} in {resp.elapsed.total_seconds():.2f}s"
    except requests.RequestException as exc:
        return f"unreachable ({exc.__class__.__name__})"


def build_report(recordings):
    model, cores = cpu_summary()
    lines = [
        f"Booth health report - {datetime.now():%Y-%m-%d %H:%M}",
        f"Booth:      {socket.gethostname()}",
        f"OS:         {os_release()}",
        f"CPU:        {model} ({cores} cores)",
        f"Python:     {platform.python_version()}",
        f"Recordings: {disk_free(recordings)}",
        "",
        "Services:",
    ]
    for name, url in SERVICES.items():
        lines.append(f"  {name:<16} {check_service(url)}")
    return "\n".join(lines) + "\n"


def write_report(text, name):
    """Write via a temp file in the same folder, then rename into place."""
    with tempfile.NamedTemporaryFile("w", dir=".", prefix=".report-", delete=False) as tmp:
        tmp.write(text)
    os.replace(tmp.name, name)
    return name


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--recordings", default=os.path.expanduser("~/Recordings"))
    parser.add_argument("--print", action="store_true", help="print instead of writing a file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    report = build_report(args.recordings)
    if args.print:
        sys.stdout.write(report)
        return 0
    name = f"booth-health-{datetime.now():%Y%m%d-%H%M}.txt"
    try:
        write_report(report, name)
    except OSError as exc:
        log.error("could not write report: %s", exc)
        return 1
    log.info("report written to %s", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
