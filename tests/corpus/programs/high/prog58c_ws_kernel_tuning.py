#!/usr/bin/env python3
"""Apply kernel network tunables recommended for the websocket gateway
(tens of thousands of idle long-lived connections) and report the old values.

Writes directly into /proc/sys; run as root on the gateway hosts.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("wstune")

PROC_SYS = Path("/proc/sys")

PROFILES = {
    "gateway": {
        "net.core.somaxconn": "4096",
        "net.ipv4.tcp_max_syn_backlog": "8192",
        "net.ipv4.ip_local_port_range": "10240 65000",
        "net.ipv4.tcp_keepalive_time": "120",
        "net.ipv4.tcp_keepalive_intvl": "30",
        "net.ipv4.tcp_keepalive_probes": "4",
        "fs.file-max": "2097152",
    },
    "conservative": {
        "net.core.somaxconn": "1024",
        "net.ipv4.tcp_keepalive_time": "600",
    },
}


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_value(key: str) -> str | None:
    try:
        return " ".join(key_to_path(key).read_text().split())
    except OSError:
        return None


def apply(settings: dict, dry_run: bool) -> dict:
    changes = {}
    for key, wanted in settings.items():
        current = read_value(key)
        if current is None:
            log.warning("%s not available on this kernel", key)
            continue
        if current == wanted:
            log.debug("%s already %s", key, wanted)
            continue
        changes[key] = {"old": current, "new": wanted}
        if dry_run:
            log.info("would set %s: %s -> %s", key, current, wanted)
            continue
        try:
            key_to_path(key).write_text(wanted + "\n")
            log.info("set %s: %s -> %s", key, current, wanted)
        except PermissionError:
            log.error("permission denied writing %s (not root?)", key)
            changes[key]["error"] = "EPERM"
    return changes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="gateway")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--record", type=Path, default=Path("tuning-changes.json"),
                    help="where to record old/new values (working dir)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (or use --dry-run)")
        return 1

    changes = apply(PROFILES[args.profile], args.dry_run)
    if changes and not args.dry_run:
        args.record.write_text(json.dumps(changes, indent=2))
        log.info("recorded %d change(s) in %s", len(changes), args.record)
    elif not changes:
        log.info("nothing to change")
    return 1 if any("error" in c for c in changes.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
