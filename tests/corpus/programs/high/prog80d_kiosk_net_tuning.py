#!/usr/bin/env python3
"""Network tuning for self-checkout kiosks.

Self-checkout kiosks keep long-lived connections to the payment terminal
broker and the price service; the stock kernel defaults drop idle sessions
behind store routers and the small socket buffers cause stalls when the
planogram images sync.  This applies the kiosk profile, reports what changed
and records the profile so it is applied at the next boot as well.
"""

import argparse
import json
import logging
import os
import platform
import sys
from pathlib import Path

log = logging.getLogger("kiosk-tuning")

PROC_SYS = Path("/proc/sys")
PROFILE_FILE = Path("/etc/sysctl.d/90-pos-kiosk.conf")

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


class SysctlWriter:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def apply(self, changes):
        applied = []
        for key, old, new in changes:
            if self.dry_run:
                log.info("[dry-run] %s: %s -> %s", key, old, new)
                continue
            try:
                key_path(key).write_text(new + "\n")
                applied.append(key)
                log.info("%s: %s -> %s", key, old, new)
            except PermissionError:
                log.error("no permission to set %s (run as root)", key)
            except OSError as exc:
                log.error("failed to set %s: %s", key, exc)
        return applied

    def persist(self, profile):
        text = "# POS kiosk network profile, managed by kiosk_net_tuning.py\n"
        text += "".join("%s = %s\n" % (k, v) for k, v in sorted(profile.items()))
        if self.dry_run:
            log.info("[dry-run] would write %s", PROFILE_FILE)
            return
        PROFILE_FILE.write_text(text)
        os.chmod(PROFILE_FILE, 0o644)
        log.info("profile recorded in %s", PROFILE_FILE)


def main():
    parser = argparse.ArgumentParser(description="Apply the POS kiosk network profile")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-persist", action="store_true")
    parser.add_argument("--report", default="kiosk_tuning_report.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if platform.system() != "Linux":
        sys.exit("kiosk tuning only applies to Linux kiosks")

    changes = plan_changes(KIOSK_PROFILE)
    if not changes:
        log.info("kiosk profile already in effect")
    writer = SysctlWriter(dry_run=args.dry_run)
    applied = writer.apply(changes)
    if not args.no_persist:
        writer.persist(KIOSK_PROFILE)

    report = {
        "host": platform.node(),
        "os": os_release().get("PRETTY_NAME"),
        "kernel": platform.release(),
        "changes": [{"key": k, "old": o, "new": n} for k, o, n in changes],
        "applied": applied,
    }
    with open(args.report, "w") as fh:
        json.dump(report, fh, indent=2)
    log.info("report written to %s", args.report)


if __name__ == "__main__":
    main()
