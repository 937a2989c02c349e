#!/usr/bin/env python3
"""Bring this node's kernel parameters in line with the Kubernetes profile.

Loads the bridge netfilter module when the profile needs it, then writes
each wanted value straight into /proc/sys.  Values are not persisted
across reboots; the image build takes care of that.
"""
import argparse
import logging
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

LOG = logging.getLogger("sysctl-tuner")
PROC_SYS = Path("/proc/sys")

PROFILES: Dict[str, Dict[str, str]] = {
    "k8s-node": {
        "net.ipv4.ip_forward": "1",
        "net.bridge.bridge-nf-call-iptables": "1",
        "net.bridge.bridge-nf-call-ip6tables": "1",
        "vm.overcommit_memory": "1",
        "kernel.panic": "10",
        "fs.inotify.max_user_watches": "524288",
    },
    "edge-gateway": {
        "net.ipv4.ip_forward": "1",
        "net.ipv4.conf.all.rp_filter": "2",
        "net.core.somaxconn": "4096",
    },
}
MODULES_FOR_PREFIX = {"net.bridge.": "br_netfilter"}


@dataclass
class Result:
    key: str
    before: Optional[str]
    after: Optional[str]
    error: Optional[str] = None


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_value(key: str) -> Optional[str]:
    try:
        return " ".join(key_to_path(key).read_text().split())
    except OSError:
        return None


def ensure_modules(profile: Dict[str, str]) -> None:
    needed = {mod for prefix, mod in MODULES_FOR_PREFIX.items()
              if any(k.startswith(prefix) for k in profile)}
    for module in sorted(needed):
        LOG.info("loading kernel module %s", module)
        proc = subprocess.run(["modprobe", module], capture_output=True, text=True)
        if proc.returncode != 0:
            LOG.warning("modprobe %s failed: %s", module, proc.stderr.strip())


class Tuner:
    def __init__(self, profile: Dict[str, str], fallback_cli: bool = True):
        self.profile = profile
        self.fallback_cli = fallback_cli

    def _write(self, key: str, value: str) -> None:
        path = key_to_path(key)
        try:
            with open(path, "w") as handle:
                handle.write(value + "\n")
        except OSError:
            if not self.fallback_cli:
                raise
            subprocess.check_call(["sysctl", "-q", "-w", f"{key}={value}"])

    def apply(self) -> List[Result]:
        results = []
        for key, wanted in sorted(self.profile.items()):
            before = read_value(key)
            if before == wanted:
                results.append(Result(key, before, before))
                continue
            try:
                self._write(key, wanted)
                results.append(Result(key, before, read_value(key)))
            except (OSError, subprocess.CalledProcessError) as exc:
                results.append(Result(key, before, before, error=str(exc)))
        return results


def report(results: List[Result]) -> int:
    failures = 0
    for res in results:
        if res.error:
            failures += 1
            LOG.error("%-40s failed: %s", res.key, res.error)
        elif res.before != res.after:
            LOG.info("%-40s %s -> %s", res.key, res.before, res.after)
        else:
            LOG.debug("%-40s unchanged (%s)", res.key, res.after)
    return failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="k8s-node")
    parser.add_argument("--no-modules", action="store_true")
    parser.add_argument("--no-cli-fallback", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    profile = PROFILES[args.profile]
    if not args.no_modules:
        ensure_modules(profile)
    tuner = Tuner(profile, fallback_cli=not args.no_cli_fallback)
    failures = report(tuner.apply())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
