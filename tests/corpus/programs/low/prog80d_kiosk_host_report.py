#!/usr/bin/env python3
"""Network readiness report for self-checkout kiosks.

Self-checkout kiosks keep long-lived connections to the payment terminal
broker and the price service; the stock kernel defaults drop idle sessions
behind store routers and the small socket buffers cause stalls when the
planogram images sync.  This compares the running kernel settings with the
kiosk profile and writes a report the field engineer attaches to the
install ticket.  It changes nothing on the host.
"""

import argparse
import json
import logging
import os
import platform
import sys
from pathlib import Path

log = logging.getLogger("kiosk-report")

PROC_SYS = Path("/proc/sys")

KIOSK_PROFILE = {
    "net.core.rmem_max": 4194304,
    "net.core.wmem_max": 4194304,
    "net.ipv4.tcp_keepalive_time": 120,
    "net.ipv4.tcp_keepalive_intvl": 30,
    "net.ipv4.tcp_keepalive_probes": 5,
    "net.ipv4.tcp_fin_timeout": 20,
    "vm.swappiness": 10,
}


def key_path(key):
    return PROC_SYS.joinpath(*key.split("."))


def read_value(key):
    try:
        return key_path(key).read_text().strip()
    except OSError as exc:
        log.debug("cannot read %s: %s", key, exc)
        return None


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def plan_changes(profile):
    changes = []
    for key, wanted in profile.items():
        current = read_value(key)
        if current is None:
            log.warning("%s not available on this kernel, skipping", key)
            continue
        if current != str(wanted):
            changes.append((key, current, str(wanted)))
    return changes


def render_snippet(changes):
    """sysctl.d lines the engineer can paste into the install ticket."""
    lines = ["# suggested POS kiosk network profile"]
    lines += ["%s = %s" % (key, new) for key, _old, new in changes]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Report kiosk network readiness")
    parser.add_argument("--report", default="kiosk_host_report.json")
    parser.add_argument("--snippet", default="kiosk_sysctl_suggested.conf")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if platform.system() != "Linux":
        sys.exit("kiosk report only applies to Linux kiosks")

    changes = plan_changes(KIOSK_PROFILE)
    if not changes:
        log.info("kiosk profile already in effect")
    for key, old, new in changes:
        log.info("%s is %s, profile wants %s", key, old, new)

    report = {
        "host": platform.node(),
        "os": os_release().get("PRETTY_NAME"),
        "kernel": platform.release(),
        "cpu": cpu_model(),
        "cpus": os.cpu_count(),
        "ready": not changes,
        "differences": [{"key": k, "current": o, "wanted": n} for k, o, n in changes],
    }
    with open(args.report, "w") as fh:
        json.dump(report, fh, indent=2)
    if changes:
        with open(args.snippet, "w") as fh:
            fh.write(render_snippet(changes))
        log.info("suggested settings written to %s", args.snippet)
    log.info("report written to %s", args.report)


if __name__ == "__main__":
    main()
