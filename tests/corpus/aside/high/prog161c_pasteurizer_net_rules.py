#!/usr/bin/env python3
"""Restrict Modbus/TCP access to the pasteuriser PLC gateway.

Only the SCADA hosts on the process network may reach port 502 on this
gateway; everything else hitting that port is dropped. Rules live in a
dedicated chain so they can be reviewed on their own."""

import argparse
import logging
import subprocess
import sys

log = logging.getLogger("pasteurizer_rules")

CHAIN = "PASTEURIZER_MODBUS"
MODBUS_PORT = 502

ALLOWED_SOURCES = {
    "scada-primary": "192.0.2.10/32",
    "scada-standby": "192.0.2.11/32",
    "historian": "192.0.2.40/32",
}

RULES_FILE = "/etc/iptables/rules.v4"


def iptables(*args, check=True):
    cmd = ["sudo", "iptables", *args]
    log.debug("%s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_exists(*spec):
    return iptables("-C", *spec, check=False).returncode == 0


def ensure_chain():
    listed = iptables("-L", CHAIN, "-n", check=False)
    if listed.returncode != 0:
        iptables("-N", CHAIN)
        log.info("created chain %s", CHAIN)


def ensure_jump():
    spec = ("INPUT", "-p", "tcp", "--dport", str(MODBUS_PORT), "-j", CHAIN)
    if not rule_exists(*spec):
        iptables("-I", *spec)
        log.info("INPUT now jumps to %s for port %d", CHAIN, MODBUS_PORT)


def ensure_allow(name, source):
    spec = (CHAIN, "-s", source, "-p", "tcp", "--dport", str(MODBUS_PORT),
            "-m", "comment", "--comment", name, "-j", "ACCEPT")
    if not rule_exists(*spec):
        iptables("-A", *spec)
        log.info("allowed %s (%s)", name, source)


def ensure_final_drop():
    spec = (CHAIN, "-p", "tcp", "--dport", str(MODBUS_PORT), "-j", "DROP")
    if rule_exists(*spec):
        iptables("-D", *spec)
    iptables("-A", *spec)


def persist_rules():
    saved = subprocess.run(["sudo", "iptables-save"], check=True,
                           capture_output=True, text=True).stdout
    subprocess.run(["sudo", "tee", RULES_FILE], input=saved, check=True,
                   capture_output=True, text=True)
    log.info("rules saved to %s", RULES_FILE)


def show():
    print(iptables("-L", CHAIN, "-n", "-v", "--line-numbers").stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--persist", action="store_true", help="write rules to %s" % RULES_FILE)
    parser.add_argument("--show", action="store_true", help="only list the chain")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.show:
            show()
            return
        ensure_chain()
        for name, source in ALLOWED_SOURCES.items():
            ensure_allow(name, source)
        ensure_final_drop()
        ensure_jump()
        if args.persist:
            persist_rules()
        show()
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", (exc.stderr or "").strip())
        sys.exit(1)


if __name__ == "__main__":
    main()
