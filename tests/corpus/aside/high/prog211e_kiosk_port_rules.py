#!/usr/bin/env python3
"""Open or close the ticket kiosk ports on a landing gateway.

The kiosks on the landing subnet talk to the fare service on this host. This
tool writes the matching packet filter rules into a script and applies it,
or removes the same rules again with --remove.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys

DEFAULT_SUBNET = "192.0.2.0/24"
DEFAULT_PORTS = [8080, 8443]
CHAIN = "INPUT"
COMMENT = "ferry-kiosk"

log = logging.getLogger("kiosk_ports")


def build_rules(subnet, ports, remove):
    action = "-D" if remove else "-I"
    rules = []
    for port in ports:
        rules.append(
            f"sudo iptables {action} {CHAIN} -p tcp -s {subnet} --dport {port} "
            f"-m conntrack --ctstate NEW,ESTABLISHED -m comment --comment {COMMENT} -j ACCEPT"
        )
    return rules


def write_script(rules, path, remove):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("#!/usr/bin/env bash\nset -u\nstatus=0\n")
        for rule in rules:
            if remove:
                fh.write(f"{rule} 2>/dev/null || echo 'rule not present'\n")
            else:
                check = rule.replace(" -I ", " -C ", 1)
                fh.write(f"{check} 2>/dev/null || {rule} || status=1\n")
        fh.write(f"sudo iptables -L {CHAIN} -n --line-numbers | grep {COMMENT} || true\n")
        fh.write("exit $status\n")
    return path


def validate_ports(values):
    ports = []
    for value in values:
        port = int(value)
        if not 1 <= port <= 65535:
            raise ValueError(f"bad port {value}")
        ports.append(port)
    return ports


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--subnet", default=os.environ.get("KIOSK_SUBNET", DEFAULT_SUBNET))
    parser.add_argument("--port", action="append", dest="ports")
    parser.add_argument("--remove", action="store_true")
    parser.add_argument("--script", default="kiosk_rules.sh")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        subnet = str(ipaddress.ip_network(args.subnet, strict=False))
        ports = validate_ports(args.ports) if args.ports else DEFAULT_PORTS
    except ValueError as exc:
        log.error("%s", exc)
        return 2

    rules = build_rules(subnet, ports, args.remove)
    script = write_script(rules, args.script, args.remove)
    log.info("%s %d rule(s) for %s", "removing" if args.remove else "adding", len(rules), subnet)
    result = subprocess.run(["bash", script], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        log.info("%s", line)
    if result.returncode != 0:
        log.error("rule script failed: %s", result.stderr.strip())
        return 1
    log.info("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
