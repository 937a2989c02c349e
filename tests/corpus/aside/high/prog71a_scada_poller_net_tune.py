#!/usr/bin/env python3
"""Network tuning for the SCADA historian poller host.

The poller opens a few thousand short Modbus/DNP3 sessions per minute and
receives bursty historian backfills.  Default kernel buffers and ephemeral
port ranges cause dropped datagrams and TIME_WAIT exhaustion, so this tool
applies a known-good profile and makes it persistent.
"""
import argparse
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("net-tune")

PROC_SYS = Path("/proc/sys")
PERSIST_FILE = Path("/etc/sysctl.d/60-scada-poller.conf")

PROFILES = {
    "standard": {
        "net.core.rmem_max": 8388608,
        "net.core.wmem_max": 8388608,
        "net.core.netdev_max_backlog": 5000,
        "net.ipv4.ip_local_port_range": "15000 64999",
        "net.ipv4.tcp_fin_timeout": 20,
        "net.ipv4.tcp_tw_reuse": 1,
    },
    "backfill": {
        "net.core.rmem_max": 33554432,
        "net.core.wmem_max": 33554432,
        "net.core.rmem_default": 1048576,
        "net.core.netdev_max_backlog": 20000,
        "net.ipv4.udp_rmem_min": 16384,
        "net.ipv4.ip_local_port_range": "10000 64999",
        "net.ipv4.tcp_fin_timeout": 15,
        "net.ipv4.tcp_tw_reuse": 1,
    },
}


def key_path(key):
    return PROC_SYS / key.replace(".", "/")


def current_value(key):
    try:
        return " ".join(key_path(key).read_text().split())
    except OSError:
        return None


def apply_live(settings):
    changed = 0
    for key, value in settings.items():
        want = " ".join(str(value).split())
        have = current_value(key)
        if have is None:
            log.warning("%s not available on this kernel", key)
            continue
        if have == want:
            log.debug("%s already %s", key, want)
            continue
        key_path(key).write_text(f"{want}\n")
        log.info("%s: %s -> %s", key, have, want)
        changed += 1
    return changed


def persist(settings, profile):
    lines = [f"# SCADA poller network profile '{profile}' (managed by scada_poller_net_tune)"]
    lines += [f"{k} = {v}" for k, v in sorted(settings.items())]
    PERSIST_FILE.write_text("\n".join(lines) + "\n")
    PERSIST_FILE.chmod(0o644)
    log.info("profile written to %s", PERSIST_FILE)


def show(settings):
    for key, value in settings.items():
        print(f"{key:40s} current={current_value(key)!s:20s} target={value}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-p", "--profile", choices=sorted(PROFILES), default="standard")
    ap.add_argument("--extra", help="JSON file with additional key/value overrides")
    ap.add_argument("--no-persist", action="store_true")
    ap.add_argument("--check", action="store_true", help="show current vs target only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    settings = dict(PROFILES[args.profile])
    if args.extra:
        with open(args.extra, encoding="utf-8") as fh:
            settings.update(json.load(fh))

    if args.check:
        show(settings)
        return 0

    try:
        n = apply_live(settings)
        if not args.no_persist:
            persist(settings, args.profile)
    except PermissionError as exc:
        log.error("insufficient permissions (%s); run as root", exc)
        return 1
    log.info("%d settings changed", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
