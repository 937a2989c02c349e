#!/usr/bin/env python3
"""Open the Modbus/TCP port on the yard gateway for the rig pump controllers.

The pump test trailers report flow and drawdown over Modbus/TCP. This tool
adds (or removes) the narrow allow rules on the gateway for the trailer
subnet only.
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("gw-firewall")

RULESET = {
    "chain": "INPUT",
    "proto": "tcp",
    "ports": [502],
    "sources": ["198.51.100.0/26"],
    "comment": "pump-trailer-modbus",
}


def iptables_cmd():
    path = shutil.which("iptables") or "/usr/sbin/iptables"
    return ["sudo", "-n", path]


def rule_spec(source, port):
    return [
        "-p", RULESET["proto"],
        "-s", source,
        "--dport", str(port),
        "-m", "comment", "--comment", RULESET["comment"],
        "-j", "ACCEPT",
    ]


def run(args, check=True):
    log.debug("running %s", " ".join(args))
    return subprocess.run(args, capture_output=True, text=True, check=check)


def rule_present(source, port):
    cmd = iptables_cmd() + ["-C", RULESET["chain"]] + rule_spec(source, port)
    return run(cmd, check=False).returncode == 0


def add_rules(sources, ports):
    added = 0
    for source in sources:
        for port in ports:
            if rule_present(source, port):
                log.info("rule for %s:%d already present", source, port)
                continue
            run(iptables_cmd() + ["-I", RULESET["chain"], "1"] + rule_spec(source, port))
            added += 1
    return added


def remove_rules(sources, ports):
    removed = 0
    for source in sources:
        for port in ports:
            while rule_present(source, port):
                run(iptables_cmd() + ["-D", RULESET["chain"]] + rule_spec(source, port))
                removed += 1
    return removed


def show_rules():
    out = run(iptables_cmd() + ["-S", RULESET["chain"]]).stdout
    for line in out.splitlines():
        if RULESET["comment"] in line:
            print(line)


def validate(sources):
    good = []
    for src in sources:
        try:
            net = ipaddress.ip_network(src, strict=False)
        except ValueError:
            log.error("not a network: %s", src)
            continue
        if net.prefixlen < 16:
            log.error("refusing overly broad source %s", net)
            continue
        good.append(str(net))
    return good


def main():
    parser = argparse.ArgumentParser(description="Manage Modbus allow rules")
    parser.add_argument("action", choices=["add", "remove", "show"])
    parser.add_argument("--source", action="append")
    parser.add_argument("--port", type=int, action="append")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sources = validate(args.source or RULESET["sources"])
    ports = args.port or RULESET["ports"]
    if not sources:
        return 1
    try:
        if args.action == "add":
            log.info("added %d rules", add_rules(sources, ports))
        elif args.action == "remove":
            log.info("removed %d rules", remove_rules(sources, ports))
        else:
            show_rules()
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
