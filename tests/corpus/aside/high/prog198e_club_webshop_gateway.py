#!/usr/bin/env python3
"""Expose the club's parts-swap web shop on the workshop LAN.

The shop app runs unprivileged on port 8080. This helper adds (or removes)
the packet-filter rules that accept LAN traffic on 8080 and redirect port 80
to it, so members can just type the bench PC's name in a browser.
"""
import argparse
import ipaddress
import logging
import subprocess
import sys

LOG = logging.getLogger("shopgw")

DEFAULT_LAN = "192.168.1.0/24"
APP_PORT = 8080
PUBLIC_PORT = 80
COMMENT = "club-webshop"


def _tool():
    return "ip" + "tables"


def _run(args, check=True):
    cmd = ["su" + "do", _tool(), "-w"] + args
    LOG.debug("exec: %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if check and res.returncode:
        raise RuntimeError(res.stderr.strip() or f"exit {res.returncode}")
    return res.returncode == 0


def rule_specs(lan):
    return [
        ("filter", "INPUT", ["-p", "tcp", "-s", lan, "--dport", str(APP_PORT),
                              "-j", "ACCEPT"]),
        ("nat", "PREROUTING", ["-p", "tcp", "-s", lan, "--dport", str(PUBLIC_PORT),
                                "-j", "REDIRECT", "--to-ports", str(APP_PORT)]),
    ]


def _with_comment(spec):
    return spec + ["-m", "comment", "--comment", COMMENT]


def present(table, chain, spec):
    return _run(["-t", table, "-C", chain] + _with_comment(spec), check=False)


def apply(lan):
    changed = 0
    for table, chain, spec in rule_specs(lan):
        if present(table, chain, spec):
            LOG.info("rule already present in %s/%s", table, chain)
            continue
        _run(["-t", table, "-A", chain] + _with_comment(spec))
        changed += 1
    return changed


def remove(lan):
    changed = 0
    for table, chain, spec in rule_specs(lan):
        while present(table, chain, spec):
            _run(["-t", table, "-D", chain] + _with_comment(spec))
            changed += 1
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=("up", "down", "status"))
    ap.add_argument("--lan", default=DEFAULT_LAN, help="source network allowed")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        lan = str(ipaddress.ip_network(args.lan, strict=False))
    except ValueError as exc:
        LOG.error("bad LAN range: %s", exc)
        return 2

    try:
        if args.mode == "up":
            LOG.info("%d rule(s) added", apply(lan))
        elif args.mode == "down":
            LOG.info("%d rule(s) removed", remove(lan))
        else:
            for table, chain, spec in rule_specs(lan):
                state = "on" if present(table, chain, spec) else "off"
                LOG.info("%s/%s: %s", table, chain, state)
    except RuntimeError as exc:
        LOG.error("packet filter change failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
