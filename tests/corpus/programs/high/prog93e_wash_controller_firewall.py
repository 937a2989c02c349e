#!/usr/bin/env python3
"""Open the store gateway to the washer/dryer controllers.

The machine controllers (Modbus/TCP on 502) and the payment boards (MQTT on
1883) live on the machine VLAN. The gateway PC runs the broker and the
Modbus bridge, but a fresh image only lets SSH in. This reads the port list
from gateway.toml and inserts matching ACCEPT rules for the machine subnet,
skipping any that are already present.

gateway.toml:
    machine_subnet = "10.20.0.0/24"
    [[service]]
    name = "mqtt"
    port = 1883
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("gw_ports")

DEFAULT_SERVICES = [
    {"name": "mqtt", "port": 1883, "proto": "tcp"},
    {"name": "modbus", "port": 502, "proto": "tcp"},
    {"name": "bacnet", "port": 47808, "proto": "udp"},
]
CHAIN = "INPUT"
COMMENT_TAG = "laundry-gw"


class RuleSet:
    def __init__(self, subnet, services, use_sudo=True):
        self.subnet = str(ipaddress.ip_network(subnet, strict=False))
        self.services = services
        self.prefix = ["sudo", "-n"] if use_sudo else []
        self.binary = shutil.which("iptables") or "/usr/sbin/iptables"

    def _spec(self, svc):
        return [CHAIN, "-p", svc.get("proto", "tcp"), "-s", self.subnet,
                "--dport", str(svc["port"]), "-m", "comment",
                "--comment", f"{COMMENT_TAG}:{svc['name']}", "-j", "ACCEPT"]

    def _run(self, action, spec, check=False):
        cmd = self.prefix + [self.binary, action] + spec
        log.debug("%s", " ".join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def present(self, svc):
        return self._run("-C", self._spec(svc)).returncode == 0

    def apply(self, dry_run=False):
        added = []
        for svc in self.services:
            if self.present(svc):
                log.info("%s/%s already open for %s", svc["name"], svc["port"], self.subnet)
                continue
            if dry_run:
                log.info("would open %s/%s for %s", svc["name"], svc["port"], self.subnet)
                continue
            res = self._run("-I", self._spec(svc)[:1] + ["1"] + self._spec(svc)[1:])
            if res.returncode != 0:
                raise RuntimeError(f"iptables refused {svc['name']}: {res.stderr.strip()}")
            added.append(svc["name"])
            log.info("opened %s/%s for %s", svc["name"], svc["port"], self.subnet)
        return added

    def persist(self):
        saver = shutil.which("netfilter-persistent")
        if saver:
            res = subprocess.run(self.prefix + [saver, "save"], capture_output=True, text=True)
            if res.returncode == 0:
                log.info("rules saved with netfilter-persistent")
            else:
                log.warning("saving rules failed: %s", res.stderr.strip())
        else:
            log.warning("netfilter-persistent not installed; rules last until reboot")


def load_config(path):
    try:
        with open(path, "rb") as fh:
            cfg = tomllib.load(fh)
    except FileNotFoundError:
        log.warning("%s not found, using defaults", path)
        cfg = {}
    return cfg.get("machine_subnet", "10.20.0.0/24"), cfg.get("service", DEFAULT_SERVICES)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gateway.toml")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-save", dest="save", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    subnet, services = load_config(args.config)
    rules = RuleSet(subnet, services)
    try:
        added = rules.apply(dry_run=args.dry_run)
    except (RuntimeError, ValueError, OSError) as exc:
        log.error("%s", exc)
        return 1
    if added and args.save and not args.dry_run:
        rules.persist()
    log.info("%d rule(s) added", len(added))
    return 0


if __name__ == "__main__":
    sys.exit(main())
