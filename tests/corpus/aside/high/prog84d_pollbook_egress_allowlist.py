#!/usr/bin/env python3
"""Restrict e-pollbook outbound traffic to the county sync servers.

Reads the egress allowlist (egress.json: list of {host, port, proto}),
resolves each host, and loads a dedicated POLLBOOK-EGRESS chain that accepts
only those destinations plus DNS/NTP to the county resolvers.  The chain is
hooked into OUTPUT once; re-running replaces the chain contents atomically.
"""

import argparse
import ipaddress
import json
import logging
import shutil
import socket
import subprocess
import sys

log = logging.getLogger("egress")

CHAIN = "POLLBOOK-EGRESS"
DEFAULT_RESOLVERS = ["10.40.0.2", "10.40.0.3"]


def load_allowlist(path):
    with open(path) as fh:
        cfg = json.load(fh)
    entries = cfg.get("allow", [])
    resolvers = cfg.get("resolvers", DEFAULT_RESOLVERS)
    for e in entries:
        e.setdefault("proto", "tcp")
        e.setdefault("port", 443)
    return entries, resolvers


def resolve(host):
    try:
        ipaddress.ip_network(host, strict=False)
        return [host]
    except ValueError:
        pass
    infos = socket.getaddrinfo(host, None, socket.AF_INET, socket.SOCK_STREAM)
    return sorted({ai[4][0] for ai in infos})


def build_rules(entries, resolvers):
    """Yield iptables-restore lines for the filter table."""
    yield "*filter"
    yield f":{CHAIN} - [0:0]"
    yield f"-F {CHAIN}"
    yield f"-A {CHAIN} -o lo -j RETURN"
    yield f"-A {CHAIN} -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN"
    for r in resolvers:
        for proto in ("udp", "tcp"):
            yield f"-A {CHAIN} -d {r}/32 -p {proto} --dport 53 -j RETURN"
        yield f"-A {CHAIN} -d {r}/32 -p udp --dport 123 -j RETURN"
    for e in entries:
        try:
            addrs = resolve(e["host"])
        except socket.gaierror as exc:
            log.warning("cannot resolve %s: %s (skipped)", e["host"], exc)
            continue
        for a in addrs:
            net = ipaddress.ip_network(a, strict=False)
            yield (f"-A {CHAIN} -d {net} -p {e['proto']} --dport {int(e['port'])} "
                   f"-m comment --comment \"{e['host']}\" -j RETURN")
    yield f"-A {CHAIN} -j LOG --log-prefix \"pollbook-egress-deny: \" --log-level 4"
    yield f"-A {CHAIN} -j REJECT --reject-with icmp-admin-prohibited"
    yield "COMMIT"


class Netfilter:
    def __init__(self, use_sudo=True):
        self.prefix = ["sudo", "-n"] if use_sudo else []
        if not shutil.which("iptables-restore"):
            raise RuntimeError("iptables-restore not found")

    def _run(self, argv, stdin=None, check=True):
        res = subprocess.run(self.prefix + argv, input=stdin, text=True,
                             capture_output=True)
        if check and res.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)}: {res.stderr.strip()}")
        return res

    def load(self, rules_text):
        self._run(["iptables-restore", "--noflush", "--wait", "5"], stdin=rules_text)

    def ensure_hook(self):
        probe = self._run(["iptables", "-C", "OUTPUT", "-j", CHAIN], check=False)
        if probe.returncode != 0:
            self._run(["iptables", "-I", "OUTPUT", "1", "-j", CHAIN])
            log.info("hooked %s into OUTPUT", CHAIN)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--allowlist", default="egress.json")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the generated rules and exit")
    ap.add_argument("--no-sudo", action="store_true", help="already running as root")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries, resolvers = load_allowlist(args.allowlist)
    except (OSError, ValueError) as exc:
        log.error("cannot read allowlist: %s", exc)
        return 2

    rules = "\n".join(build_rules(entries, resolvers)) + "\n"
    if args.print_only:
        sys.stdout.write(rules)
        return 0

    try:
        nf = Netfilter(use_sudo=not args.no_sudo)
        nf.load(rules)
        nf.ensure_hook()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("egress allowlist loaded: %d destinations, %d resolvers",
             len(entries), len(resolvers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
