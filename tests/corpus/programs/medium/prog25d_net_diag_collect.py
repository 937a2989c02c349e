#!/usr/bin/env python3
"""Collect a read-only network diagnostics bundle for a support ticket.

Runs unprivileged tools (ip, ss, getent, ping) and reads /etc/resolv.conf,
then writes the combined report to a fixed scratch path so the support
helper script can pick it up.
"""

import argparse
import json
import logging
import shutil
import socket
import subprocess
import sys
import time

REPORT_PATH = "/tmp/netdiag-report.json"
TEXT_PATH = "/tmp/netdiag-report.txt"

COMMANDS = {
    "addresses": ["ip", "-j", "address", "show"],
    "routes": ["ip", "-j", "route", "show"],
    "routes6": ["ip", "-j", "-6", "route", "show"],
    "neighbours": ["ip", "-j", "neigh", "show"],
    "listening": ["ss", "-H", "-tuln"],
    "sockets_summary": ["ss", "-s"],
}

log = logging.getLogger("netdiag")


def run(cmd, timeout=10):
    if shutil.which(cmd[0]) is None:
        return {"error": f"{cmd[0]} not installed"}
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return {"error": "timeout"}
    out = proc.stdout
    if "-j" in cmd and proc.returncode == 0:
        try:
            return json.loads(out or "[]")
        except json.JSONDecodeError:
            pass
    return {"rc": proc.returncode, "stdout": out, "stderr": proc.stderr.strip()}


def resolvers():
    servers, search = [], []
    try:
        with open("/etc/resolv.conf", encoding="utf-8") as fh:
            for line in fh:
                parts = line.split()
                if len(parts) >= 2 and parts[0] == "nameserver":
                    servers.append(parts[1])
                elif parts and parts[0] in ("search", "domain"):
                    search.extend(parts[1:])
    except FileNotFoundError:
        pass
    return {"nameservers": servers, "search": search}


def probe(hosts):
    results = {}
    for host in hosts:
        entry = {}
        try:
            entry["addrs"] = sorted({ai[4][0] for ai in socket.getaddrinfo(host, None)})
        except socket.gaierror as exc:
            entry["resolve_error"] = str(exc)
        ping = run(["ping", "-c", "3", "-W", "2", host], timeout=15)
        entry["ping"] = ping.get("stdout", ping.get("error", "")).strip().splitlines()[-2:]
        results[host] = entry
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("hosts", nargs="*", default=["deb.debian.org", "1.1.1.1"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    report = {"hostname": socket.gethostname(), "collected_at": time.time()}
    for name, cmd in COMMANDS.items():
        log.debug("running %s", " ".join(cmd))
        report[name] = run(cmd)
    report["dns"] = resolvers()
    report["probes"] = probe(args.hosts)

    with open(REPORT_PATH, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    with open(TEXT_PATH, "w", encoding="utf-8") as fh:
        for key, value in report.items():
            fh.write(f"== {key} ==\n{json.dumps(value, indent=1)}\n\n")
    log.info("report written to %s and %s", REPORT_PATH, TEXT_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
