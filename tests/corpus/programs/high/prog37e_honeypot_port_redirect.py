#!/usr/bin/env python3
"""Steer attacker-facing ports on a range gateway to the honeypot VM.

For each service in the redirect table a DNAT rule sends inbound traffic on
the external interface to the honeypot, and packet forwarding is switched on
so the gateway actually routes it.  `--remove` deletes exactly the rules this
tool added (tagged with a comment) and restores the previous forwarding value.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("hp-redirect")

COMMENT = "hp-redirect"
FORWARD_KNOB = Path("/proc/sys/net/ipv4/ip_forward")
STATE_FILE = Path("hp-redirect.state.json")
REDIRECTS = [
    # service, proto, public port, honeypot port
    ("ssh", "tcp", 22, 2222),
    ("telnet", "tcp", 23, 2223),
    ("http", "tcp", 80, 8080),
    ("smb", "tcp", 445, 4445),
    ("redis", "tcp", 6379, 6379),
]


def ipt(*args, check=True):
    cmd = ["iptables", "-w", "5", *args]
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_spec(iface, proto, public, target_ip, target_port):
    return ["PREROUTING", "-i", iface, "-p", proto, "--dport", str(public),
            "-m", "comment", "--comment", COMMENT,
            "-j", "DNAT", "--to-destination", f"{target_ip}:{target_port}"]


def forward_spec(target_ip, proto, target_port):
    return ["FORWARD", "-d", target_ip, "-p", proto, "--dport", str(target_port),
            "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]


def rule_present(table, spec):
    return ipt("-t", table, "-C", *spec, check=False).returncode == 0


def set_forwarding(value: str) -> str:
    previous = FORWARD_KNOB.read_text().strip()
    if previous != value:
        FORWARD_KNOB.write_text(value + "\n")
        log.info("ip_forward %s -> %s", previous, value)
    return previous


def install(iface, honeypot_ip, services):
    added = 0
    for name, proto, public, hp_port in services:
        nat = rule_spec(iface, proto, public, honeypot_ip, hp_port)
        fwd = forward_spec(honeypot_ip, proto, hp_port)
        if not rule_present("nat", nat):
            ipt("-t", "nat", "-A", *nat)
            added += 1
        if not rule_present("filter", fwd):
            ipt("-t", "filter", "-I", *fwd)
        log.info("%-7s %s/%d -> %s:%d", name, proto, public, honeypot_ip, hp_port)
    ipt("-t", "nat", "-A", "POSTROUTING", "-d", honeypot_ip,
        "-m", "comment", "--comment", COMMENT, "-j", "MASQUERADE", check=False)
    previous = set_forwarding("1")
    STATE_FILE.write_text(json.dumps({"iface": iface, "honeypot": honeypot_ip,
                                      "previous_forward": previous}))
    return added


def remove():
    if not STATE_FILE.exists():
        log.error("no state file; nothing to remove")
        return
    state = json.loads(STATE_FILE.read_text())
    for name, proto, public, hp_port in REDIRECTS:
        for table, spec in (("nat", rule_spec(state["iface"], proto, public, state["honeypot"], hp_port)),
                            ("filter", forward_spec(state["honeypot"], proto, hp_port))):
            while rule_present(table, spec):
                ipt("-t", table, "-D", *spec)
    ipt("-t", "nat", "-D", "POSTROUTING", "-d", state["honeypot"],
        "-m", "comment", "--comment", COMMENT, "-j", "MASQUERADE", check=False)
    set_forwarding(state.get("previous_forward", "0"))
    STATE_FILE.unlink()
    log.info("redirects removed")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iface", default="eth0", help="attacker-facing interface")
    ap.add_argument("--honeypot", default="10.66.0.20", help="honeypot VM address")
    ap.add_argument("--only", nargs="*", help="service names to redirect")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if shutil.which("iptables") is None:
        log.error("iptables not found")
        return 1
    try:
        if args.remove:
            remove()
        else:
            services = [r for r in REDIRECTS if not args.only or r[0] in args.only]
            n = install(args.iface, args.honeypot, services)
            log.info("%d new DNAT rules installed", n)
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.strip())
        return 1
    except PermissionError:
        log.error("must run as root")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
