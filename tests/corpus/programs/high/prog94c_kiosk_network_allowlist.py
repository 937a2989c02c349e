#!/usr/bin/env python3
"""Restrict a self-checkout kiosk's outbound traffic to the services it needs.

Kiosks only need the ILS (SIP2 and REST), the payment terminal gateway,
DNS and NTP.  The allowlist lives in ``kiosk_network.toml``:

    [ils]
    hosts = ["ils.northfield-library.org"]
    ports = [443, 6001]

    [payments]
    hosts = ["10.20.0.15"]
    ports = [8443]

The hosts are resolved now and the resulting ruleset is loaded in one
transaction, so the kiosk is never left half-configured.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import socket
import subprocess
import sys
import tomllib
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("kiosk-net")
CHAIN = "KIOSK_OUT"


def resolve(host):
    try:
        ipaddress.ip_address(host)
        return {host}
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, family=socket.AF_INET, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        LOG.warning("cannot resolve %s: %s", host, exc)
        return set()
    return {info[4][0] for info in infos}


def services(config):
    for name, svc in config.items():
        if not isinstance(svc, dict):
            continue
        addrs = set()
        for host in svc.get("hosts", []):
            addrs |= resolve(host)
        yield name, sorted(addrs), svc.get("ports", []), svc.get("proto", "tcp")


def build_ruleset(config, log_drops=True):
    lines = ["*filter", ":INPUT ACCEPT [0:0]", ":FORWARD DROP [0:0]",
             ":OUTPUT DROP [0:0]", f":{CHAIN} - [0:0]",
             "-A OUTPUT -o lo -j ACCEPT",
             "-A OUTPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT",
             f"-A OUTPUT -j {CHAIN}"]
    lines += [f"-A {CHAIN} -p udp --dport 53 -j ACCEPT",
              f"-A {CHAIN} -p tcp --dport 53 -j ACCEPT",
              f"-A {CHAIN} -p udp --dport 123 -j ACCEPT"]
    for name, addrs, ports, proto in services(config):
        if not addrs:
            LOG.warning("service %s has no usable addresses", name)
        for addr in addrs:
            for port in ports:
                lines.append(f"-A {CHAIN} -d {addr}/32 -p {proto} --dport {port} "
                             f"-m comment --comment {name} -j ACCEPT")
    if log_drops:
        lines.append(f"-A {CHAIN} -m limit --limit 6/min -j LOG --log-prefix \"kiosk-drop: \"")
    lines += [f"-A {CHAIN} -j DROP", "COMMIT", ""]
    return "\n".join(lines)


def runner_prefix():
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo"):
        return ["sudo", "-n"]
    raise PermissionError("must run as root or have sudo available")


def apply_ruleset(ruleset, test_only=False):
    cmd = runner_prefix() + ["iptables-restore"]
    if test_only:
        cmd.append("--test")
    proc = subprocess.run(cmd, input=ruleset, text=True, capture_output=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "iptables-restore failed")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="kiosk_network.toml")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the ruleset instead of loading it")
    ap.add_argument("--no-log", dest="log_drops", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    try:
        config = tomllib.loads(Path(args.config).read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.config, exc)
        return 1

    ruleset = build_ruleset(config, log_drops=args.log_drops)
    Path("last_ruleset.txt").write_text(f"# generated {datetime.now():%F %T}\n{ruleset}")
    if args.print_only:
        print(ruleset)
        return 0
    try:
        apply_ruleset(ruleset, test_only=True)
        apply_ruleset(ruleset)
    except (PermissionError, RuntimeError) as exc:
        LOG.error("could not load ruleset: %s", exc)
        return 2
    LOG.info("kiosk outbound allowlist loaded (%d rules)", ruleset.count("\n-A "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
