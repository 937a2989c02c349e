#!/usr/bin/env python3
"""Open the stream and codec ports on the studio gateway.

Adds ACCEPT rules for the Icecast listener port and the remote-broadcast
codec ports from the partner venues, then saves the rule set so it is
restored at boot. Existing rules are left in place.
"""
import argparse
import logging
import os
import subprocess
import sys

log = logging.getLogger("port-rules")

ICECAST_PORT = int(os.environ.get("ICECAST_PORT", "8000"))
CODEC_PORTS = [9000, 9001, 9002]
VENUES = {
    "town-hall": "198.51.100.14",
    "jazz-club": "198.51.100.77",
    "high-school": "203.0.113.120",
}
RULES_FILE = "/etc/iptables/rules.v4"


def iptables(*args: str, check: bool = True) -> int:
    cmd = ["sudo", "iptables", *args]
    log.debug("%s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True).returncode


def rule_exists(spec: list) -> bool:
    return iptables("-C", "INPUT", *spec, check=False) == 0


def ensure_rule(spec: list, comment: str) -> None:
    full = [*spec, "-m", "comment", "--comment", comment, "-j", "ACCEPT"]
    if rule_exists(full):
        log.info("already present: %s", comment)
        return
    iptables("-A", "INPUT", *full)
    log.info("added: %s", comment)


def save_rules(path: str) -> None:
    saved = subprocess.run(["sudo", "iptables-save"], check=True,
                           capture_output=True, text=True).stdout
    subprocess.run(["sudo", "tee", path], input=saved, text=True,
                   check=True, stdout=subprocess.DEVNULL)
    log.info("rules saved to %s", path)


def main() -> None:
    parser = argparse.ArgumentParser(description="open stream/codec ports")
    parser.add_argument("--no-save", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        ensure_rule(["-p", "tcp", "--dport", str(ICECAST_PORT)], "icecast listeners")
        for venue, addr in VENUES.items():
            for port in CODEC_PORTS:
                ensure_rule(["-s", addr, "-p", "udp", "--dport", str(port)],
                            f"codec {venue} {port}")
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.decode(errors="replace").strip())
        sys.exit(1)
    if not args.no_save:
        save_rules(RULES_FILE)


if __name__ == "__main__":
    main()
