#!/usr/bin/env python3
"""Open (or close) the UDP ports used by SRT contribution listeners.

Each remote camera crew gets its own SRT listener port; this tool keeps the
host firewall in sync with srt_listeners.ini by adding / removing tagged
ACCEPT rules, restricted to the crew's source network when one is given.
"""
import argparse
import configparser
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("srt-ports")
TAG = "srt-listener"


def iptables(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    base = [shutil.which("iptables") or "/usr/sbin/iptables", "-w", "5"]
    if os.geteuid() != 0:
        base.insert(0, "sudo")
    cmd = base + list(args)
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def rule_spec(port: int, source: str, crew: str) -> list:
    spec = ["INPUT", "-p", "udp", "--dport", str(port)]
    if source:
        spec += ["-s", source]
    spec += ["-m", "comment", "--comment", f"{TAG}:{crew}", "-j", "ACCEPT"]
    return spec


def rule_exists(spec: list) -> bool:
    return iptables("-C", *spec, check=False).returncode == 0


def load_listeners(path: str) -> list:
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    listeners = []
    for crew in cfg.sections():
        sec = cfg[crew]
        if not sec.getboolean("enabled", fallback=True):
            continue
        port = sec.getint("port")
        if not 1024 <= port <= 65535:
            log.warning("crew %s: port %d out of range, skipped", crew, port)
            continue
        listeners.append((crew, port, sec.get("source", "").strip()))
    return listeners


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["open", "close", "status"])
    ap.add_argument("--config", default="srt_listeners.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        listeners = load_listeners(args.config)
    except (FileNotFoundError, ValueError) as exc:
        log.error("bad config: %s", exc)
        return 2

    errors = 0
    for crew, port, source in listeners:
        spec = rule_spec(port, source, crew)
        present = rule_exists(spec)
        try:
            if args.action == "status":
                print(f"{crew:<16} udp/{port:<6} {source or 'any':<18} "
                      f"{'open' if present else 'closed'}")
            elif args.action == "open" and not present:
                iptables("-I", *spec)
                log.info("opened udp/%d for %s", port, crew)
            elif args.action == "close" and present:
                iptables("-D", *spec)
                log.info("closed udp/%d for %s", port, crew)
        except subprocess.CalledProcessError as exc:
            log.error("iptables failed for %s: %s", crew, exc.stderr.strip())
            errors += 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
