#!/usr/bin/env python3
"""Tunes the show-control host for the wireless mesh used on big sites.

Large displays run 40+ receivers; the default socket buffers drop
status beacons, so the host gets larger buffers and the mesh bridge
service is restarted to pick them up.
"""
import argparse
import json
import logging
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("meshtune")

PROFILES = {
    "small": {"net.core.rmem_max": 4194304, "net.core.wmem_max": 4194304},
    "large": {
        "net.core.rmem_max": 16777216,
        "net.core.wmem_max": 16777216,
        "net.core.netdev_max_backlog": 5000,
        "net.ipv4.udp_rmem_min": 16384,
    },
}


@dataclass
class Tunable:
    key: str
    value: int

    @property
    def path(self):
        return Path("/proc/sys").joinpath(*self.key.split("."))

    def current(self):
        try:
            return int(self.path.read_text().split()[0])
        except (OSError, ValueError):
            return None


def _privileged(argv):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    return subprocess.run(prefix + argv, capture_output=True, text=True)


def write_direct(t):
    with open(t.path, "w") as fh:
        fh.write(str(t.value))


def write_via_tool(t):
    res = _privileged(["sysctl", "-w", f"{t.key}={t.value}"])
    if res.returncode != 0:
        raise OSError(res.stderr.strip())


def persist(tunables, dest):
    body = "".join(f"{t.key} = {t.value}\n" for t in tunables)
    res = subprocess.run(["sudo", "-n", "tee", dest], input=body,
                         capture_output=True, text=True)
    if res.returncode != 0:
        log.warning("could not persist to %s: %s", dest, res.stderr.strip())


def restart(unit):
    verb = os.environ.get("MESH_RESTART_VERB", "restart")
    res = _privileged(["systemctl", verb, unit])
    log.info("%s %s -> %s", verb, unit, res.returncode)


WRITERS = {"direct": write_direct, "tool": write_via_tool}


def apply(profile, method):
    changed = []
    for key, value in PROFILES[profile].items():
        t = Tunable(key, value)
        before = t.current()
        if before is not None and before >= value:
            log.info("%s already %s", key, before)
            continue
        try:
            WRITERS[method](t)
        except PermissionError:
            write_via_tool(t)
        changed.append(t)
        log.info("%s: %s -> %s", key, before, value)
    return changed


def main():
    ap = argparse.ArgumentParser(description="tune mesh buffers")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="large")
    ap.add_argument("--method", choices=sorted(WRITERS), default="direct")
    ap.add_argument("--persist", action="store_true")
    ap.add_argument("--unit", default="mesh-bridge.service")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    changed = apply(args.profile, args.method)
    if args.persist and changed:
        persist(changed, "/etc/sysctl.d/60-show-mesh.conf")
    if changed:
        restart(args.unit)
    print(json.dumps({t.key: t.value for t in changed}))


if __name__ == "__main__":
    main()
