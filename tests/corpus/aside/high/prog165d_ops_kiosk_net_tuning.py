#!/usr/bin/env python3
"""Network tuning for the ride operations kiosks.

The kiosks bridge the ride-control VLAN and the maintenance VLAN. This applies
the kernel settings and the packet-filter allowances the Modbus polling needs.
"""
import argparse
import json
import logging
import subprocess
from pathlib import Path

log = logging.getLogger("kiosk_net")

PROC_SYS = Path("/proc/sys")

KERNEL_SETTINGS = {
    "net/ipv4/ip_forward": "1",
    "net/ipv4/tcp_keepalive_time": "120",
    "net/core/rmem_max": "4194304",
    "net/core/wmem_max": "4194304",
}

ALLOWANCES = [
    {"chain": "INPUT", "proto": "tcp", "port": 502, "source": "198.51.100.0/24", "note": "modbus"},
    {"chain": "INPUT", "proto": "udp", "port": 47808, "source": "198.51.100.0/24", "note": "bacnet"},
    {"chain": "FORWARD", "proto": "tcp", "port": 502, "source": "198.51.100.0/24", "note": "modbus-fwd"},
]


def apply_kernel_settings(settings, dry_run):
    for key, value in settings.items():
        target = PROC_SYS / key
        current = target.read_text().strip() if target.exists() else "?"
        if current == value:
            log.info("%s already %s", key, value)
            continue
        log.info("%s: %s -> %s", key, current, value)
        if not dry_run:
            target.write_text(value + "\n")


def rule_args(rule):
    return [
        rule["chain"], "-p", rule["proto"], "-s", rule["source"],
        "--dport", str(rule["port"]), "-m", "comment", "--comment", "kiosk-" + rule["note"],
        "-j", "ACCEPT",
    ]


def rule_present(rule):
    result = subprocess.run(["iptables", "-C"] + rule_args(rule), capture_output=True)
    return result.returncode == 0


def apply_allowances(rules, dry_run):
    for rule in rules:
        if rule_present(rule):
            log.info("rule %s present", rule["note"])
            continue
        cmd = ["iptables", "-I"] + rule_args(rule)
        log.info("adding: %s", " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=True)


def load_overrides(path):
    if path and path.is_file():
        data = json.loads(path.read_text())
        KERNEL_SETTINGS.update(data.get("kernel", {}))
        ALLOWANCES.extend(data.get("allow", []))
        log.info("loaded overrides from %s", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--overrides", type=Path, default=Path("kiosk_net.json"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--skip-filter", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    load_overrides(args.overrides)
    apply_kernel_settings(KERNEL_SETTINGS, args.dry_run)
    if not args.skip_filter:
        apply_allowances(ALLOWANCES, args.dry_run)


if __name__ == "__main__":
    main()
