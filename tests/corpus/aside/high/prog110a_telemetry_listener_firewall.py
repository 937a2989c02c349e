#!/usr/bin/env python3
"""Open the depot gateway to the fleet trackers' UDP telemetry pushes.

The GPS/engine-hour trackers fitted to hire plant push NMEA-ish datagrams to
the depot gateway on UDP 5055.  The gateway's default policy drops inbound
traffic, so this adds accept rules for the tracker APN ranges listed in
trackers.toml (and removes ones no longer listed), tagging each rule with a
comment so re-runs are idempotent.
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("tracker-fw")
TAG = "fleet-telemetry"


class RuleSet:
    chain = "INPUT"

    def __init__(self, port, proto="udp", binary=None, dry_run=False):
        self.port = int(port)
        self.proto = proto
        self.binary = binary or shutil.which("iptables") or "/usr/sbin/iptables"
        self.dry_run = dry_run

    def _spec(self, cidr):
        return ["-s", cidr, "-p", self.proto, "--dport", str(self.port),
                "-m", "comment", "--comment", TAG, "-j", "ACCEPT"]

    def _run(self, *args, check=True):
        cmd = [self.binary, "-w", "5", *args]
        log.debug("exec %s", " ".join(cmd))
        if self.dry_run:
            print(" ".join(cmd))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def current(self):
        out = self._run("-S", self.chain).stdout
        cidrs = set()
        for line in out.splitlines():
            if f'--comment {TAG}' not in line and f'--comment "{TAG}"' not in line:
                continue
            parts = line.split()
            if "-s" in parts:
                cidrs.add(parts[parts.index("-s") + 1])
        return cidrs

    def present(self, cidr):
        return self._run("-C", self.chain, *self._spec(cidr), check=False).returncode == 0

    def add(self, cidr):
        if self.dry_run or not self.present(cidr):
            self._run("-I", self.chain, "1", *self._spec(cidr))
            log.info("allowed %s -> %s/%d", cidr, self.proto, self.port)

    def remove(self, cidr):
        self._run("-D", self.chain, *self._spec(cidr), check=False)
        log.info("removed %s", cidr)


def load_ranges(path):
    data = tomllib.loads(Path(path).read_text())
    ranges = []
    for entry in data.get("apn", []):
        try:
            net = ipaddress.ip_network(entry["cidr"], strict=False)
        except (KeyError, ValueError) as exc:
            log.warning("bad apn entry %r: %s", entry, exc)
            continue
        ranges.append(str(net))
    return data.get("port", 5055), ranges


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--file", default="trackers.toml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--keep-stale", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        port, wanted = load_ranges(args.file)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.file, exc)
        return 1

    rules = RuleSet(port, dry_run=args.dry_run)
    try:
        have = rules.current() if not args.dry_run else set()
        for cidr in wanted:
            rules.add(cidr)
        if not args.keep_stale:
            for cidr in sorted(have - set(wanted)):
                rules.remove(cidr)
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed (%s): %s", exc.returncode, (exc.stderr or "").strip())
        return 2
    log.info("%d tracker range(s) allowed on %d/udp", len(wanted), port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
