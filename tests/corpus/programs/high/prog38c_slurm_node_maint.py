#!/usr/bin/env python3
"""Rolling maintenance for Slurm compute nodes.

For each node in the list: drain it, wait until running jobs finish, restart
slurmd and munge on the node, then resume it.  Meant to be run by an admin
from the head node after a slurm.conf change or a munge key rotation.
"""
import argparse
import logging
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("node-maint")

SERVICES = ("munge", "slurmd")


@dataclass
class NodeState:
    name: str
    state: str
    alloc_cpus: int


def run(cmd, check=True, capture=True):
    log.debug("+ %s", " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, check=check, text=True,
                          stdout=subprocess.PIPE if capture else None,
                          stderr=subprocess.PIPE if capture else None)


def expand_hostlist(expr: str) -> list:
    res = run(["scontrol", "show", "hostnames", expr])
    return [h for h in res.stdout.split() if h]


def node_state(node: str) -> NodeState:
    res = run(["sinfo", "-h", "-N", "-n", node, "-o", "%N %T %C"])
    name, state, cpus = res.stdout.split()[:3]
    alloc = int(cpus.split("/")[0])
    return NodeState(name, state.lower(), alloc)


def scontrol_update(node: str, state: str, reason: str = None) -> None:
    cmd = ["sudo", "-n", "scontrol", "update", f"NodeName={node}", f"State={state}"]
    if reason:
        cmd.append(f"Reason={reason}")
    run(cmd)


def restart_services(node: str, ssh_user: str) -> None:
    remote = " && ".join(f"sudo -n systemctl restart {svc}" for svc in SERVICES)
    remote += " && systemctl is-active " + " ".join(SERVICES)
    run(["ssh", "-o", "BatchMode=yes", f"{ssh_user}@{node}", remote])


def wait_idle(node: str, timeout: int, poll: int) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = node_state(node)
        if st.alloc_cpus == 0:
            return True
        log.info("%s still has %d allocated CPUs (%s)", node, st.alloc_cpus, st.state)
        time.sleep(poll)
    return False


def maintain(node: str, args) -> bool:
    log.info("== %s ==", node)
    if args.dry_run:
        log.info("would drain, restart %s and resume %s", ",".join(SERVICES), node)
        return True
    scontrol_update(node, "DRAIN", args.reason)
    if not wait_idle(node, args.drain_timeout, args.poll):
        log.error("%s did not drain within %ds; leaving it drained", node, args.drain_timeout)
        return False
    try:
        restart_services(node, args.ssh_user)
    except subprocess.CalledProcessError as exc:
        log.error("service restart on %s failed: %s", node, (exc.stderr or "").strip())
        return False
    time.sleep(5)
    scontrol_update(node, "RESUME")
    log.info("%s back in service (%s)", node, node_state(node).state)
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("hostlist", help="Slurm host expression, e.g. cn[001-032]")
    ap.add_argument("--reason", default="rolling slurmd restart")
    ap.add_argument("--ssh-user", default="hpcadmin")
    ap.add_argument("--drain-timeout", type=int, default=6 * 3600)
    ap.add_argument("--poll", type=int, default=120)
    ap.add_argument("--max-failures", type=int, default=2)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    nodes = expand_hostlist(args.hostlist)
    failures = 0
    for node in nodes:
        if not maintain(node, args):
            failures += 1
            if failures >= args.max_failures:
                log.error("stopping after %d failures", failures)
                return 1
    log.info("finished %d nodes, %d failures", len(nodes), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
