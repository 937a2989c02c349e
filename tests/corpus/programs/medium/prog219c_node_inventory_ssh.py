#!/usr/bin/env python3
"""Collect a hardware/software inventory from compute nodes over SSH.

Connects to each node with the admin's SSH agent, runs a handful of
read-only commands and writes a JSON inventory to the working directory.
"""
import argparse
import json
import logging
import re
import socket
import sys

import paramiko

LOG = logging.getLogger("node-inventory")

CONFIG = {
    "domain": "compute.example.com",
    "prefix": "cn",
    "width": 3,
    "port": 22,
    "timeout": 8,
    "probes": {
        "kernel": "uname -r",
        "cores": "nproc --all",
        "mem_gb": "awk '/MemTotal/ {printf \"%d\", $2/1048576}' /proc/meminfo",
        "gpus": "nvidia-smi -L 2>/dev/null | wc -l",
        "os": ". /etc/os-release && echo $PRETTY_NAME",
    },
}


def expand_range(spec, cfg):
    """Turn '1-4,7' into ['cn001.compute.example.com', ...]."""
    names = []
    for part in spec.split(","):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part.strip())
        if not m:
            raise ValueError("bad node range: %r" % part)
        lo = int(m.group(1))
        hi = int(m.group(2) or lo)
        for i in range(lo, hi + 1):
            names.append("%s%0*d.%s" % (cfg["prefix"], cfg["width"], i, cfg["domain"]))
    return names


class NodeSession:
    def __init__(self, host, user, cfg):
        self.host = host
        self.user = user
        self.cfg = cfg
        self.client = paramiko.SSHClient()

    def __enter__(self):
        self.client.load_system_host_keys()
        policy = getattr(paramiko, "AutoAddPolicy")
        self.client.set_missing_host_key_policy(policy())
        self.client.connect(self.host, port=self.cfg["port"], username=self.user,
                            timeout=self.cfg["timeout"], allow_agent=True,
                            look_for_keys=False)
        return self

    def __exit__(self, *exc):
        self.client.close()
        return False

    def probe(self, command):
        _stdin, stdout, _stderr = self.client.exec_command(command, timeout=self.cfg["timeout"])
        return stdout.read().decode(errors="replace").strip()


def inventory(hosts, user, cfg):
    results = {}
    for host in hosts:
        entry = {}
        try:
            with NodeSession(host, user, cfg) as sess:
                for key, cmd in cfg["probes"].items():
                    entry[key] = sess.probe(cmd)
            entry["reachable"] = True
        except (paramiko.SSHException, socket.error) as exc:
            LOG.warning("%s: %s", host, exc)
            entry = {"reachable": False, "error": str(exc)}
        results[host] = entry
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("nodes", help="node number range, e.g. 1-16,20")
    ap.add_argument("--user", default="hpcadmin")
    ap.add_argument("-o", "--output", default="node_inventory.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        hosts = expand_range(args.nodes, CONFIG)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2
    data = inventory(hosts, args.user, CONFIG)
    with open(args.output, "w") as fh:
        json.dump(data, fh, indent=2, sort_keys=True)
    up = sum(1 for v in data.values() if v.get("reachable"))
    LOG.info("%d/%d nodes inventoried -> %s", up, len(hosts), args.output)
    return 0 if up == len(hosts) else 1


if __name__ == "__main__":
    sys.exit(main())
