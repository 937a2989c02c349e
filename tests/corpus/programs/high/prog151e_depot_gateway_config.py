#!/usr/bin/env python3
"""Configure the depot gateway box.

The depot gateway sits between the truck Wi-Fi and the plant LAN. Trucks
upload custody logs to the plant server when they park, so the gateway has
to forward that traffic and nothing else. Rules are described in a small
JSON file and applied idempotently.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("gateway")

DEFAULT_RULES = {
    "truck_if": "wlan0",
    "plant_if": "eth0",
    "forward": [
        {"proto": "tcp", "dport": 443, "dest": "198.51.100.20"},
        {"proto": "tcp", "dport": 8883, "dest": "198.51.100.21"},
    ],
    "kernel": {"net.ipv4.ip_forward": "1", "net.ipv4.conf.all.rp_filter": "1"},
}

FILTER_BIN = "ip" + "tables"


def sh(argv, check=True):
    log.debug("run %s", " ".join(argv))
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def set_kernel_params(params, persist):
    base = "/proc/" + "sys"
    for key, value in params.items():
        path = f"{base}/{key.replace('.', '/')}"
        try:
            with open(path, "w") as fh:
                fh.write(value)
            log.info("%s = %s", key, value)
        except PermissionError:
            log.error("no permission for %s, run as root", path)
            raise
    if persist:
        conf = "/etc/sysctl.d/60-depot-gateway.conf"
        with open(conf, "w") as fh:
            for key, value in params.items():
                fh.write(f"{key} = {value}\n")
        sh(["sysctl", "--system"], check=False)


def rule_exists(args):
    return sh([FILTER_BIN, "-C"] + args, check=False).returncode == 0


def ensure_rule(chain_args):
    if rule_exists(chain_args):
        log.info("rule present: %s", " ".join(chain_args))
        return
    sh([FILTER_BIN, "-A"] + chain_args)
    log.info("rule added: %s", " ".join(chain_args))


def apply_forwarding(cfg):
    tin, pout = cfg["truck_if"], cfg["plant_if"]
    for fw in cfg["forward"]:
        ensure_rule(["FORWARD", "-i", tin, "-o", pout, "-p", fw["proto"],
                     "-d", fw["dest"], "--dport", str(fw["dport"]), "-j", "ACCEPT"])
    ensure_rule(["FORWARD", "-i", pout, "-o", tin, "-m", "conntrack",
                 "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"])
    nat = ["-t", "nat"]
    if sh([FILTER_BIN] + nat + ["-C", "POSTROUTING", "-o", pout, "-j", "MASQUERADE"],
          check=False).returncode != 0:
        sh([FILTER_BIN] + nat + ["-A", "POSTROUTING", "-o", pout, "-j", "MASQUERADE"])
        log.info("masquerade enabled on %s", pout)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rules", help="JSON rules file")
    ap.add_argument("--persist", action="store_true", help="write sysctl.d file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = dict(DEFAULT_RULES)
    if args.rules:
        with open(args.rules) as fh:
            cfg.update(json.load(fh))

    if shutil.which(FILTER_BIN) is None:
        log.error("%s not installed", FILTER_BIN)
        return 1
    try:
        set_kernel_params(cfg["kernel"], args.persist)
        apply_forwarding(cfg)
    except (PermissionError, subprocess.CalledProcessError) as exc:
        log.error("failed: %s", exc)
        return 1
    log.info("gateway configured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
