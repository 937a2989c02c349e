#!/usr/bin/env python3
"""Apply the kernel/network settings recommended for a HAPI FHIR node.

Large $export and bulk-ingest jobs open thousands of sockets to Postgres and
the load balancer; the defaults on a stock distro image run out of ephemeral
ports and file handles.  This tool compares the live values against the
profile in fhir_tuning.yaml, writes the drop-in files and reloads them.

    fhir_host_tuning.py --check         show drift only
    fhir_host_tuning.py                 write drop-ins and reload
"""

import argparse
import logging
import subprocess
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("fhir-tuning")

SYSCTL_DROPIN = Path("/etc/sysctl.d/90-hapi-fhir.conf")
LIMITS_DROPIN = Path("/etc/security/limits.d/90-hapi-fhir.conf")

DEFAULT_PROFILE = {
    "service_user": "hapi",
    "sysctl": {
        "net.core.somaxconn": 4096,
        "net.ipv4.ip_local_port_range": "10240 65000",
        "net.ipv4.tcp_tw_reuse": 1,
        "net.ipv4.tcp_fin_timeout": 15,
        "vm.swappiness": 10,
        "fs.file-max": 2097152,
    },
    "nofile": 65536,
}


def load_profile(path: Path) -> dict:
    profile = dict(DEFAULT_PROFILE)
    if path.exists():
        with path.open() as fh:
            data = yaml.safe_load(fh) or {}
        profile["sysctl"] = {**profile["sysctl"], **data.get("sysctl", {})}
        profile.update({k: v for k, v in data.items() if k != "sysctl"})
    return profile


def live_value(key: str) -> str:
    proc_path = Path("/proc/sys") / key.replace(".", "/")
    try:
        return " ".join(proc_path.read_text().split())
    except OSError:
        return "?"


def drift(profile: dict) -> dict:
    out = {}
    for key, wanted in profile["sysctl"].items():
        current = live_value(key)
        if current != " ".join(str(wanted).split()):
            out[key] = (current, wanted)
    return out


def render_sysctl(profile: dict) -> str:
    lines = ["# HAPI FHIR node tuning - managed by fhir_host_tuning.py"]
    lines += [f"{k} = {v}" for k, v in sorted(profile["sysctl"].items())]
    return "\n".join(lines) + "\n"


def render_limits(profile: dict) -> str:
    user, n = profile["service_user"], profile["nofile"]
    return (f"# HAPI FHIR service limits - managed by fhir_host_tuning.py\n"
            f"{user} soft nofile {n}\n{user} hard nofile {n}\n")


def write_if_changed(path: Path, content: str) -> bool:
    if path.exists() and path.read_text() == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(content)
    tmp.chmod(0o644)
    tmp.replace(path)
    LOG.info("wrote %s", path)
    return True


def reload_sysctl() -> None:
    result = subprocess.run(["sysctl", "--load", str(SYSCTL_DROPIN)],
                            capture_output=True, text=True)
    for line in result.stdout.splitlines():
        LOG.info("  %s", line)
    if result.returncode != 0:
        LOG.error("sysctl reported: %s", result.stderr.strip())
        raise SystemExit(1)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", type=Path, default=Path("fhir_tuning.yaml"))
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    profile = load_profile(args.profile)
    diffs = drift(profile)
    for key, (current, wanted) in diffs.items():
        LOG.info("%-32s live=%-16s wanted=%s", key, current, wanted)
    if args.check:
        return 1 if diffs else 0

    try:
        changed = write_if_changed(SYSCTL_DROPIN, render_sysctl(profile))
        write_if_changed(LIMITS_DROPIN, render_limits(profile))
    except PermissionError as exc:
        LOG.error("cannot write drop-ins (%s); run from the provisioning account", exc)
        return 2
    if changed or diffs:
        reload_sysctl()
    remaining = drift(profile)
    LOG.info("%d setting(s) still differ", len(remaining))
    return 0 if not remaining else 1


if __name__ == "__main__":
    sys.exit(main())
