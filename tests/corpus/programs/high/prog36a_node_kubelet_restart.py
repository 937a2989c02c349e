#!/usr/bin/env python3
"""Rolling kubelet restart across worker nodes.

Used after pushing a new kubelet configuration: for each node (one at a
time) cordon it, restart the kubelet over SSH, wait until the node reports
Ready again and uncordon it.  Stops at the first node that does not come
back so a human can look.  Authentication uses the operator's SSH agent.
"""
import argparse
import logging
import os
import sys
import time
from pathlib import Path

import paramiko
from kubernetes import client, config

log = logging.getLogger("kubelet-roll")

RESTART_CMD = "sudo -n systemctl restart kubelet && systemctl is-active kubelet"


def read_inventory(path: Path):
    nodes = []
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            name, address = line.split()
            nodes.append((name, address))
    return nodes


class NodeShell:
    def __init__(self, user, port=22, timeout=15):
        self.user = user
        self.port = port
        self.timeout = timeout

    def run(self, address, command):
        ssh = paramiko.SSHClient()
        ssh.load_system_host_keys()
        ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        ssh.connect(address, port=self.port, username=self.user, timeout=self.timeout,
                    allow_agent=True, look_for_keys=False)
        try:
            _, stdout, stderr = ssh.exec_command(command, timeout=120)
            code = stdout.channel.recv_exit_status()
            return code, stdout.read().decode().strip(), stderr.read().decode().strip()
        finally:
            ssh.close()


def set_unschedulable(core, node, value):
    core.patch_node(node, {"spec": {"unschedulable": value}})
    log.info("%s %s", "cordoned" if value else "uncordoned", node)


def is_ready(core, node):
    obj = core.read_node(node)
    for cond in obj.status.conditions or []:
        if cond.type == "Ready":
            return cond.status == "True"
    return False


def wait_ready(core, node, timeout, settle=10):
    deadline = time.monotonic() + timeout
    time.sleep(settle)  # give the kubelet a moment to post NotReady first
    while time.monotonic() < deadline:
        if is_ready(core, node):
            return True
        time.sleep(5)
    return False


def roll(core, shell, nodes, args):
    for name, address in nodes:
        log.info("=== %s (%s)", name, address)
        if args.dry_run:
            log.info("dry-run: would run %r", RESTART_CMD)
            continue
        set_unschedulable(core, name, True)
        try:
            code, out, err = shell.run(address, RESTART_CMD)
        except (paramiko.SSHException, OSError) as exc:
            log.error("ssh to %s failed: %s", name, exc)
            return False
        if code != 0:
            log.error("restart failed on %s (exit %d): %s", name, code, err or out)
            return False
        log.info("kubelet on %s: %s", name, out)
        if not wait_ready(core, name, args.ready_timeout):
            log.error("%s did not become Ready within %ds; leaving it cordoned",
                      name, args.ready_timeout)
            return False
        set_unschedulable(core, name, False)
        time.sleep(args.pause)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="nodes.txt", type=Path)
    ap.add_argument("--user", default=os.environ.get("NODE_SSH_USER", "ops"))
    ap.add_argument("--context", help="kubeconfig context")
    ap.add_argument("--only", nargs="*", help="restrict to these node names")
    ap.add_argument("--ready-timeout", type=int, default=300)
    ap.add_argument("--pause", type=int, default=30, help="seconds between nodes")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("paramiko").setLevel(logging.WARNING)

    config.load_kube_config(context=args.context)
    core = client.CoreV1Api()
    nodes = read_inventory(args.inventory)
    if args.only:
        nodes = [n for n in nodes if n[0] in set(args.only)]
    if not nodes:
        log.error("no nodes selected")
        return 2

    ok = roll(core, NodeShell(args.user), nodes, args)
    log.info("rolling restart %s", "complete" if ok else "ABORTED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
