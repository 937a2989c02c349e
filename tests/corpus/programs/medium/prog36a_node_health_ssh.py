#!/usr/bin/env python3
"""Collect basic health facts from Kubernetes worker nodes over SSH.

Takes the node list from an inventory file (one ``name address`` per line)
and runs a fixed set of read-only commands on each node in parallel: load,
disk usage of the kubelet and container runtime directories, memory, and
uptime.  Results are written to ./node-health/<timestamp>.json and a short
table is printed.  Authentication uses the operator's SSH agent.
"""
import argparse
import concurrent.futures as cf
import datetime as dt
import json
import logging
import os
import sys
from pathlib import Path

import paramiko

log = logging.getLogger("node-health")

CHECKS = {
    "loadavg": "cat /proc/loadavg",
    "uptime": "uptime -p",
    "memory": "free -m | awk '/^Mem:/ {print $2, $3, $7}'",
    "kubelet_disk": "df -P /var/lib/kubelet | awk 'NR==2 {print $5}'",
    "runtime_disk": "df -P /var/lib/containerd 2>/dev/null | awk 'NR==2 {print $5}'",
    "kernel": "uname -r",
}


def read_inventory(path: Path):
    nodes = []
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise ValueError(f"{path}:{lineno}: expected 'name address'")
        nodes.append(tuple(parts))
    return nodes


class NodeProbe:
    def __init__(self, user, port=22, timeout=10):
        self.user = user
        self.port = port
        self.timeout = timeout

    def _connect(self, address):
        ssh = paramiko.SSHClient()
        ssh.load_system_host_keys()
        ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        ssh.connect(address, port=self.port, username=self.user, timeout=self.timeout,
                    allow_agent=True, look_for_keys=False)
        return ssh

    def probe(self, name, address):
        result = {"node": name, "address": address, "ok": True, "checks": {}}
        try:
            ssh = self._connect(address)
        except (paramiko.SSHException, OSError) as exc:
            return {"node": name, "address": address, "ok": False, "error": str(exc)}
        try:
            for check, command in CHECKS.items():
                _, stdout, stderr = ssh.exec_command(command, timeout=self.timeout)
                code = stdout.channel.recv_exit_status()
                out = stdout.read().decode(errors="replace").strip()
                if code != 0:
                    result["checks"][check] = {"error": stderr.read().decode(errors="replace").strip()}
                else:
                    result["checks"][check] = out
        finally:
            ssh.close()
        return result


def pct(value):
    try:
        return int(str(value).rstrip("%"))
    except ValueError:
        return -1


def print_table(results, disk_warn):
    print(f"{'NODE':<24}{'LOAD':<18}{'KUBELET%':>9}{'RUNTIME%':>9}  STATUS")
    for r in sorted(results, key=lambda x: x["node"]):
        if not r["ok"]:
            print(f"{r['node']:<24}{'-':<18}{'-':>9}{'-':>9}  unreachable: {r['error']}")
            continue
        c = r["checks"]
        load = " ".join(str(c.get("loadavg", "")).split()[:3])
        kd, rd = pct(c.get("kubelet_disk")), pct(c.get("runtime_disk"))
        status = "DISK" if max(kd, rd) >= disk_warn else "ok"
        print(f"{r['node']:<24}{load:<18}{kd:>9}{rd:>9}  {status}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="nodes.txt", type=Path)
    ap.add_argument("--user", default=os.environ.get("NODE_SSH_USER", "ops"))
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--disk-warn", type=int, default=85)
    ap.add_argument("--out-dir", default="node-health", type=Path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    try:
        nodes = read_inventory(args.inventory)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 2

    probe = NodeProbe(args.user)
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(probe.probe, n, a) for n, a in nodes]
        results = [f.result() for f in cf.as_completed(futures)]

    args.out_dir.mkdir(exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    out = args.out_dir / f"{stamp}.json"
    out.write_text(json.dumps(results, indent=2))
    print_table(results, args.disk_warn)
    log.info("saved %s", out)
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
