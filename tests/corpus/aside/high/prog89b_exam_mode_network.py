#!/usr/bin/env python3
"""Restrict a lab workstation to the placement-test server during exams.

While a placement exam is running the lab PCs may only talk to the test
server (and DNS); everything else outbound is rejected so students cannot
look answers up. The rules live in their own chain, hooked into OUTPUT, so
switching exam mode off leaves the rest of the host's rules as they were.

    exam_mode_network.py on  [--config exam_mode.json]
    exam_mode_network.py off
    exam_mode_network.py status
"""

import argparse
import ipaddress
import json
import logging
import pathlib
import shutil
import socket
import subprocess
import sys

log = logging.getLogger("exam-mode")

CHAIN = "EXAM_LOCK"
DEFAULTS = {
    "allow_hosts": ["placement.linguahub.example"],
    "allow_ports": [443],
    "dns_servers": ["10.20.0.2"],
    "allow_subnets": ["10.20.0.0/28"],
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = pathlib.Path(path)
    if p.exists():
        cfg.update(json.loads(p.read_text()))
        log.debug("loaded %s", p)
    return cfg


def resolve_all(hosts):
    ips = set()
    for host in hosts:
        try:
            for info in socket.getaddrinfo(host, None, socket.AF_INET):
                ips.add(info[4][0])
        except socket.gaierror as exc:
            log.warning("cannot resolve %s: %s", host, exc)
    return sorted(ips, key=ipaddress.ip_address)


def build_ruleset(cfg, ips):
    ports = ",".join(str(int(p)) for p in cfg["allow_ports"])
    lines = ["*filter", f":{CHAIN} - [0:0]"]
    lines.append(f"-A {CHAIN} -o lo -j RETURN")
    lines.append(f"-A {CHAIN} -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN")
    for dns in cfg["dns_servers"]:
        ipaddress.ip_address(dns)
        lines.append(f"-A {CHAIN} -d {dns} -p udp --dport 53 -j RETURN")
        lines.append(f"-A {CHAIN} -d {dns} -p tcp --dport 53 -j RETURN")
    for net in cfg["allow_subnets"]:
        lines.append(f"-A {CHAIN} -d {ipaddress.ip_network(net)} -j RETURN")
    for ip in ips:
        lines.append(f"-A {CHAIN} -d {ip} -p tcp -m multiport --dports {ports} -j RETURN")
    lines.append(f"-A {CHAIN} -j REJECT --reject-with icmp-admin-prohibited")
    lines.append("COMMIT")
    return "\n".join(lines) + "\n"


def iptables(*args, check=True, capture=False):
    return subprocess.run(["iptables", "-w", *args], check=check,
                          capture_output=capture, text=True)


def hooked():
    return iptables("-C", "OUTPUT", "-j", CHAIN, check=False, capture=True).returncode == 0


def exam_on(cfg):
    ips = resolve_all(cfg["allow_hosts"])
    if not ips:
        raise SystemExit("no test-server address resolved; refusing to lock the network")
    rules = build_ruleset(cfg, ips)
    log.debug("ruleset:\n%s", rules)
    subprocess.run(["iptables-restore", "--noflush", "-w"], input=rules, text=True, check=True)
    if not hooked():
        iptables("-I", "OUTPUT", "1", "-j", CHAIN)
    log.info("exam mode ON: allowed %s on ports %s", ", ".join(ips), cfg["allow_ports"])


def exam_off():
    while hooked():
        iptables("-D", "OUTPUT", "-j", CHAIN)
    if iptables("-n", "-L", CHAIN, check=False, capture=True).returncode == 0:
        iptables("-F", CHAIN)
        iptables("-X", CHAIN)
    log.info("exam mode OFF")


def status():
    if not hooked():
        print("exam mode: off")
        return
    out = iptables("-n", "-v", "-L", CHAIN, capture=True).stdout
    print("exam mode: on")
    print(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Lab network lock for placement exams")
    ap.add_argument("action", choices=["on", "off", "status"])
    ap.add_argument("--config", default="exam_mode.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if shutil.which("iptables-restore") is None:
        log.error("iptables-restore not found")
        return 2
    try:
        if args.action == "on":
            exam_on(load_config(args.config))
        elif args.action == "off":
            exam_off()
        else:
            status()
    except subprocess.CalledProcessError as exc:
        log.error("%s failed with %s (are you root?)", exc.cmd[0], exc.returncode)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
