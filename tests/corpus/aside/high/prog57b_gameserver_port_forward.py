#!/usr/bin/env python3
"""Open NAT port forwards on the Linux router while a game night is running.

Reads forwards from ./forwards.json, e.g.
    [{"name": "valheim", "proto": "udp", "port": "2456:2458", "to": "10.0.20.15"}]
adds DNAT + FORWARD rules with a comment tag, and removes exactly those rules
again on Ctrl-C or after --hours.
"""
import argparse
import json
import logging
import shlex
import signal
import subprocess
import sys
import time

log = logging.getLogger("gamenight-nat")
TAG = "gamenight"
WAN_IF = "eth0"


def iptables(*args, check=True):
    cmd = ["iptables", "-w", *args]
    log.debug("+ %s", shlex.join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_specs(fwd):
    dport = fwd["port"]
    comment = ["-m", "comment", "--comment", f"{TAG}:{fwd['name']}"]
    return [
        ("nat", "PREROUTING", ["-i", WAN_IF, "-p", fwd["proto"], "--dport", dport,
                               "-j", "DNAT", "--to-destination", fwd["to"], *comment]),
        ("filter", "FORWARD", ["-p", fwd["proto"], "-d", fwd["to"], "--dport", dport,
                               "-j", "ACCEPT", *comment]),
    ]


class ForwardSet:
    def __init__(self, forwards):
        self.forwards = forwards
        self.active = []

    def open(self):
        for fwd in self.forwards:
            for table, chain, spec in rule_specs(fwd):
                exists = iptables("-t", table, "-C", chain, *spec, check=False).returncode == 0
                if exists:
                    log.info("%s already open", fwd["name"])
                    continue
                iptables("-t", table, "-I", chain, "1", *spec)
                self.active.append((table, chain, spec))
            log.info("opened %s %s/%s -> %s", fwd["name"], fwd["proto"], fwd["port"], fwd["to"])

    def close(self, *_):
        while self.active:
            table, chain, spec = self.active.pop()
            res = iptables("-t", table, "-D", chain, *spec, check=False)
            if res.returncode:
                log.warning("could not remove rule from %s/%s: %s", table, chain, res.stderr.strip())
        log.info("all game-night forwards closed")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="forwards.json")
    ap.add_argument("--hours", type=float, default=6.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    with open(args.config) as fh:
        forwards = json.load(fh)
    fs = ForwardSet(forwards)

    def stop(signum, _frame):
        fs.close()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        fs.open()
        deadline = time.monotonic() + args.hours * 3600
        while time.monotonic() < deadline:
            time.sleep(30)
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr)
    finally:
        fs.close()


if __name__ == "__main__":
    main()
