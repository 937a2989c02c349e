#!/usr/bin/env python3
"""Expose local dev services on their "real" ports without running them as root.

For each mapping in ./ports.toml (e.g. 80 -> 8080, 443 -> 8443) a NAT
REDIRECT rule is added to the OUTPUT and PREROUTING chains, tagged with a
comment so `--remove` can find and delete exactly our rules later.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("port-redirect")
TAG = "devredirect"
CHAINS = ("PREROUTING", "OUTPUT")


def load_mappings(path):
    with open(path, "rb") as fh:
        cfg = tomllib.load(fh)
    pairs = []
    for entry in cfg.get("redirect", []):
        pairs.append((int(entry["from"]), int(entry["to"]), entry.get("proto", "tcp")))
    return pairs


def iptables(*args, check=True):
    cmd = ["iptables", "-w", "-t", "nat", *args]
    if os.geteuid() != 0:
        cmd.insert(0, "sudo")
    LOG.debug("exec: %s", shlex.join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_spec(chain, src, dst, proto):
    spec = ["-p", proto, "--dport", str(src), "-m", "comment", "--comment", f"{TAG}:{src}",
            "-j", "REDIRECT", "--to-ports", str(dst)]
    if chain == "OUTPUT":
        spec = ["-o", "lo"] + spec
    return spec


def rule_exists(chain, spec):
    return iptables("-C", chain, *spec, check=False).returncode == 0


def apply(mappings):
    for src, dst, proto in mappings:
        for chain in CHAINS:
            spec = rule_spec(chain, src, dst, proto)
            if rule_exists(chain, spec):
                LOG.info("%s %s/%d -> %d already present", chain, proto, src, dst)
                continue
            iptables("-A", chain, *spec)
            LOG.info("%s %s/%d -> %d added", chain, proto, src, dst)


def remove(mappings):
    for src, dst, proto in mappings:
        for chain in CHAINS:
            spec = rule_spec(chain, src, dst, proto)
            while rule_exists(chain, spec):
                iptables("-D", chain, *spec)
                LOG.info("%s %s/%d -> %d removed", chain, proto, src, dst)


def show():
    out = iptables("-S", check=False).stdout
    ours = [line for line in out.splitlines() if TAG in line]
    print("\n".join(ours) if ours else "no dev redirects installed")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="ports.toml")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--remove", action="store_true")
    group.add_argument("--show", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.show:
        show()
        return 0
    try:
        mappings = load_mappings(args.config)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("bad config %s: %s", args.config, exc)
        return 2
    try:
        (remove if args.remove else apply)(mappings)
    except subprocess.CalledProcessError as exc:
        LOG.error("iptables failed: %s", exc.stderr.strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
