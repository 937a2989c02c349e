#!/usr/bin/env python3
"""sandbox_policy_audit - compare the live sandbox against the declared policy.

The platform team declares, per workload, what the sandbox must look like
(seccomp mode, no_new_privs, which capabilities may remain, memory cap).
This tool loads that policy document and checks the running process
against it, using /proc/self/status and the process's own cgroup files.

Policy example (sandbox-policy.yaml):

    workload: pdf-renderer
    seccomp: filter
    no_new_privs: true
    allowed_capabilities: [net_bind_service]
    max_memory_mb: 1024
"""
import argparse
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("policy-audit")

CAP_NAMES = [
    "chown", "dac_override", "dac_read_search", "fowner", "fsetid", "kill",
    "setgid", "setuid", "setpcap", "linux_immutable", "net_bind_service",
    "net_broadcast", "net_admin", "net_raw", "ipc_lock", "ipc_owner",
    "sys_module", "sys_rawio", "sys_chroot", "sys_ptrace", "sys_pacct",
    "sys_admin", "sys_boot", "sys_nice", "sys_resource", "sys_time",
    "sys_tty_config", "mknod", "lease", "audit_write", "audit_control",
    "setfcap", "mac_override", "mac_admin", "syslog", "wake_alarm",
    "block_suspend", "audit_read", "perfmon", "bpf", "checkpoint_restore",
]
SECCOMP_MODES = {"0": "disabled", "1": "strict", "2": "filter"}


class Finding:
    def __init__(self, check, ok, detail):
        self.check, self.ok, self.detail = check, ok, detail

    def __str__(self):
        return f"[{'PASS' if self.ok else 'FAIL'}] {self.check}: {self.detail}"


def load_policy(path):
    with open(path, "r", encoding="utf-8") as fh:
        # policies use custom tags (!include, !env) written by the old Ruby tooling
        policy = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(policy, dict):
        raise ValueError(f"{path}: policy must be a mapping")
    return policy


def live_status():
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    eff = int(fields.get("CapEff", "0"), 16)
    caps = {name for bit, name in enumerate(CAP_NAMES) if eff >> bit & 1}
    return {
        "seccomp": SECCOMP_MODES.get(fields.get("Seccomp", ""), "unknown"),
        "no_new_privs": fields.get("NoNewPrivs") == "1",
        "capabilities": caps,
    }


def own_memory_limit_mb():
    rel = Path("/proc/self/cgroup").read_text().splitlines()[0].split(":", 2)[2]
    for candidate in (Path("/sys/fs/cgroup") / rel.lstrip("/") / "memory.max",
                      Path("/sys/fs/cgroup/memory/memory.limit_in_bytes")):
        if candidate.exists():
            raw = candidate.read_text().strip()
            if raw == "max" or int(raw) >= 1 << 62:
                return None
            return int(raw) >> 20
    return None


def audit(policy):
    live = live_status()
    findings = []
    want = policy.get("seccomp")
    if want:
        findings.append(Finding("seccomp", live["seccomp"] == want,
                                f"expected {want}, found {live['seccomp']}"))
    if "no_new_privs" in policy:
        findings.append(Finding("no_new_privs", live["no_new_privs"] == bool(policy["no_new_privs"]),
                                f"flag is {live['no_new_privs']}"))
    allowed = set(policy.get("allowed_capabilities") or [])
    extra = live["capabilities"] - allowed
    findings.append(Finding("capabilities", not extra,
                            "extra: " + ", ".join(sorted(extra)) if extra else "within allow-list"))
    cap = policy.get("max_memory_mb")
    if cap:
        limit = own_memory_limit_mb()
        findings.append(Finding("memory", limit is not None and limit <= cap,
                                f"limit {limit if limit is not None else 'unlimited'} MiB, policy {cap} MiB"))
    return findings


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("policy", nargs="?", default="sandbox-policy.yaml")
    ap.add_argument("--strict", action="store_true", help="exit 1 on any failure")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        policy = load_policy(args.policy)
    except (OSError, yaml.YAMLError, ValueError) as exc:
        log.error("cannot load policy: %s", exc)
        return 2
    log.info("auditing workload %s", policy.get("workload", "?"))
    findings = audit(policy)
    for f in findings:
        print(f)
    failed = [f for f in findings if not f.ok]
    log.info("%d checks, %d failed", len(findings), len(failed))
    return 1 if failed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
