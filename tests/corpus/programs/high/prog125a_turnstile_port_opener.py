#!/usr/bin/env python3
"""Allow the lido turnstiles through the gate PC's host firewall.

The entrance turnstiles push tap events and heartbeats to the gate PC.  The
PC's firewall drops them unless each controller is allowed explicitly.  This
reads turnstiles.toml, adds an ACCEPT rule per controller and port (idempotent,
uses -C to check first), optionally removes rules for controllers that were
decommissioned, and persists the result so it survives a reboot.
"""

import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("turnstile-fw")

CHAIN = "INPUT"
COMMENT_TAG = "lido-turnstile"
PERSIST_PATH = Path("/etc/iptables/rules.v4")


class Firewall:
    def __init__(self, dry_run=False):
        self.binary = shutil.which("iptables-nft") or shutil.which("iptables")
        if not self.binary:
            raise RuntimeError("iptables not found")
        self.dry_run = dry_run

    def _run(self, *args, check=True):
        cmd = [self.binary, "-w", "5", *args]
        if self.dry_run and args[0] in ("-I", "-D"):
            log.info("dry-run: %s", " ".join(cmd))
            return 0
        return subprocess.run(cmd, capture_output=True, text=True, check=check).returncode

    def _spec(self, source, proto, port, name):
        return ["-s", source, "-p", proto, "--dport", str(port),
                "-m", "comment", "--comment", f"{COMMENT_TAG}:{name}", "-j", "ACCEPT"]

    def has(self, spec):
        return self._run("-C", CHAIN, *spec, check=False) == 0

    def allow(self, source, proto, port, name):
        spec = self._spec(source, proto, port, name)
        if self.has(spec):
            log.debug("already allowed: %s %s/%s", source, port, proto)
            return False
        self._run("-I", CHAIN, "1", *spec)
        log.info("allowed %s (%s) -> %s/%s", name, source, port, proto)
        return True

    def tagged_rules(self):
        out = subprocess.run([self.binary, "-S", CHAIN], capture_output=True, text=True, check=True)
        return [line for line in out.stdout.splitlines() if COMMENT_TAG in line]

    def remove_rule(self, rule_line):
        parts = rule_line.split()
        if parts[:2] == ["-A", CHAIN]:
            self._run("-D", CHAIN, *[p.strip('"') for p in parts[2:]])

    def persist(self):
        save = shutil.which("iptables-nft-save") or shutil.which("iptables-save")
        if not save or self.dry_run:
            return
        dump = subprocess.run([save], capture_output=True, text=True, check=True).stdout
        PERSIST_PATH.parent.mkdir(parents=True, exist_ok=True)
        PERSIST_PATH.write_text(dump)
        log.info("rules persisted to %s", PERSIST_PATH)


def load_turnstiles(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    gates = []
    for name, gate in data.get("turnstile", {}).items():
        addr = ipaddress.ip_network(gate["address"], strict=False)
        ports = gate.get("ports", [{"proto": "tcp", "port": 4370}, {"proto": "udp", "port": 4370}])
        gates.append((name, str(addr), ports))
    return gates


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="turnstiles.toml")
    ap.add_argument("--prune", action="store_true", help="remove rules for gates no longer listed")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        gates = load_turnstiles(args.config)
        fw = Firewall(dry_run=args.dry_run)
    except (OSError, KeyError, ValueError, RuntimeError) as exc:
        log.error("%s", exc)
        return 2

    changed = 0
    try:
        for name, source, ports in gates:
            for p in ports:
                changed += fw.allow(source, p["proto"], int(p["port"]), name)
        if args.prune:
            wanted = {f"{COMMENT_TAG}:{n}" for n, _, _ in gates}
            for rule in fw.tagged_rules():
                if not any(w in rule for w in wanted):
                    log.info("removing stale rule: %s", rule)
                    fw.remove_rule(rule)
                    changed += 1
        if changed:
            fw.persist()
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed (are you root?): %s", exc.stderr.strip())
        return 1
    log.info("%d change(s) for %d turnstile(s)", changed, len(gates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
