#!/usr/bin/env python3
"""Configures the bottling-line gateway so the filler PLCs can reach the SCADA box."""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("bottling_net")

PLC_SUBNET = "192.0.2.0/24"
SCADA_HOST = "192.0.2.10"
MODBUS_PORT = 502
OPCUA_PORT = 4840
SYSCTL_FILE = Path("/etc/sysctl.d/90-bottling-line.conf")
SYSCTL_SETTINGS = {
    "net.ipv4.ip_forward": "1",
    "net.ipv4.conf.all.rp_filter": "1",
}


def run(cmd, check=True):
    LOG.info("running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if check and result.returncode != 0:
        LOG.error("failed (%d): %s", result.returncode, result.stderr.strip())
        raise SystemExit(result.returncode)
    return result


def rule_exists(rule):
    result = run(["sudo", "iptables", "-C"] + rule, check=False)
    return result.returncode == 0


def add_rule(rule):
    if rule_exists(rule):
        LOG.info("rule already present: %s", " ".join(rule))
        return
    run(["sudo", "iptables", "-A"] + rule)


def plc_rules(interface):
    rules = []
    for port in (MODBUS_PORT, OPCUA_PORT):
        rules.append([
            "FORWARD", "-i", interface, "-s", PLC_SUBNET, "-d", SCADA_HOST,
            "-p", "tcp", "--dport", str(port), "-j", "ACCEPT",
        ])
    rules.append([
        "FORWARD", "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT",
    ])
    return rules


def apply_sysctl():
    for key, value in SYSCTL_SETTINGS.items():
        run(["sudo", "sysctl", "-w", f"{key}={value}"])


def save_sysctl():
    content = "".join(f"{k} = {v}\n" for k, v in SYSCTL_SETTINGS.items())
    LOG.info("writing %s", SYSCTL_FILE)
    proc = subprocess.run(
        ["sudo", "tee", str(SYSCTL_FILE)],
        input=content, text=True, capture_output=True,
    )
    if proc.returncode != 0:
        LOG.error("could not write %s: %s", SYSCTL_FILE, proc.stderr.strip())
        return False
    return True


def main():
    parser = argparse.ArgumentParser(description="Bottling line gateway network setup")
    parser.add_argument("--interface", default="eth1", help="interface facing the PLCs")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if shutil.which("iptables") is None and shutil.which("sudo") is None:
        LOG.error("iptables/sudo not available on this host")
        return 1

    apply_sysctl()
    for rule in plc_rules(args.interface):
        add_rule(rule)
    if not args.no_save:
        save_sysctl()
    LOG.info("bottling line network ready")
    return 0


if __name__ == "__main__":
    sys.exit(main())
