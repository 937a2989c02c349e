#!/usr/bin/env python3
"""Open the FlexLM ports on the licence server for the office subnets only.

lmgrd listens on the port in the SERVER line; each vendor daemon
(adskflex, trimblelm, bentleylm...) gets the port= value on its VENDOR line.
When someone edits license.dat after a true-up the ports change and the
survey crews suddenly can't check out seats.  This reads the licence file and
makes sure there is an ACCEPT rule for every port from each allowed subnet.

    lmgrd_port_rules.py /opt/flexlm/licenses/license.dat --allow 10.20.0.0/16
    lmgrd_port_rules.py license.dat --allow 10.20.0.0/16 --allow 10.99.4.0/24 --check
"""
import argparse
import ipaddress
import logging
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("lmports")
CHAIN = "INPUT"
COMMENT = "flexlm-auto"

SERVER_RE = re.compile(r"^\s*SERVER\s+(\S+)\s+(\S+)(?:\s+(\d+))?", re.I)
VENDOR_RE = re.compile(r"^\s*(?:VENDOR|DAEMON)\s+(\S+).*?\bport=(\d+)", re.I)


def parse_license(path):
    text = Path(path).read_text(errors="replace")
    # join continuation lines
    text = re.sub(r"\\\r?\n", " ", text)
    ports = {}
    for line in text.splitlines():
        m = SERVER_RE.match(line)
        if m:
            ports["lmgrd"] = int(m.group(3) or 27000)
            continue
        m = VENDOR_RE.match(line)
        if m:
            ports[m.group(1)] = int(m.group(2))
    return ports


class Firewall:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        binary = shutil.which("iptables") or "/usr/sbin/iptables"
        self.base = [binary, "-w"]
        if os.geteuid() != 0:
            self.base = ["sudo", "-n"] + self.base

    def _spec(self, port, subnet):
        return ["-p", "tcp", "-s", str(subnet), "--dport", str(port),
                "-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]

    def _run(self, args, check=False):
        cmd = self.base + args
        log.debug("%s", shlex.join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def has_rule(self, port, subnet):
        return self._run(["-C", CHAIN] + self._spec(port, subnet)).returncode == 0

    def add_rule(self, port, subnet):
        if self.dry_run:
            log.info("would insert ACCEPT tcp/%d from %s", port, subnet)
            return
        res = self._run(["-I", CHAIN, "1"] + self._spec(port, subnet))
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "iptables failed")
        log.info("inserted ACCEPT tcp/%d from %s", port, subnet)

    def stale_rules(self, wanted):
        res = self._run(["-S", CHAIN])
        for line in res.stdout.splitlines():
            if COMMENT not in line:
                continue
            m = re.search(r"-s (\S+) .*--dport (\d+)", line)
            if m and (int(m.group(2)), m.group(1)) not in wanted:
                yield line


def main(argv=None):
    ap = argparse.ArgumentParser(description="FlexLM firewall port sync")
    ap.add_argument("license", help="path to license.dat / .lic")
    ap.add_argument("--allow", action="append", required=True, type=ipaddress.ip_network,
                    help="subnet allowed to reach the licence server (repeatable)")
    ap.add_argument("--check", action="store_true", help="report only, change nothing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        ports = parse_license(args.license)
    except OSError as exc:
        log.error("cannot read licence file: %s", exc)
        return 1
    if not ports:
        log.error("no SERVER/VENDOR ports found in %s", args.license)
        return 1
    for name, port in sorted(ports.items(), key=lambda kv: kv[1]):
        log.info("%-12s tcp/%d", name, port)

    fw = Firewall(dry_run=args.check)
    wanted = {(p, str(s)) for p in ports.values() for s in args.allow}
    missing = 0
    try:
        for port, subnet in sorted(wanted):
            if not fw.has_rule(port, subnet):
                missing += 1
                fw.add_rule(port, subnet)
        for line in fw.stale_rules(wanted):
            log.warning("stale rule (remove by hand if the port moved): %s", line)
    except (RuntimeError, OSError) as exc:
        log.error("firewall update failed: %s", exc)
        return 2
    log.info("%d rule(s) %s", missing, "missing" if args.check else "added")
    return 0


if __name__ == "__main__":
    sys.exit(main())
