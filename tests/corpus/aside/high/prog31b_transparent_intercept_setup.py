#!/usr/bin/env python3
"""Route a test network's HTTP traffic through a local inspecting proxy.

For the lab gateway: enables IPv4 forwarding and installs nat PREROUTING
REDIRECT rules so that port 80/443 traffic arriving on the lab interface is
handed to mitmproxy running in transparent mode.  `teardown` removes exactly
the rules this tool added (tagged with a comment).
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("tproxy-setup")
TAG = "tproxy-setup"
IP_FORWARD = Path("/proc/sys/net/ipv4/ip_forward")


class SetupError(RuntimeError):
    pass


def ipt(*args: str, check: bool = True) -> int:
    cmd = ["iptables", "-w", *args]
    log.debug("exec %s", " ".join(cmd))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if check and res.returncode != 0:
        raise SetupError(res.stderr.strip() or f"iptables rc={res.returncode}")
    return res.returncode


def rule_spec(iface: str, dport: int, to_port: int) -> list:
    return ["PREROUTING", "-t", "nat", "-i", iface, "-p", "tcp",
            "--dport", str(dport), "-j", "REDIRECT", "--to-ports", str(to_port),
            "-m", "comment", "--comment", TAG]


def set_forwarding(enabled: bool) -> str:
    previous = IP_FORWARD.read_text().strip()
    IP_FORWARD.write_text("1\n" if enabled else "0\n")
    log.info("ip_forward %s -> %s", previous, "1" if enabled else "0")
    return previous


def setup(iface: str, ports: list, to_port: int) -> None:
    set_forwarding(True)
    for port in ports:
        spec = rule_spec(iface, port, to_port)
        # -C returns non-zero when the rule is absent
        if ipt("-C", *spec, check=False) == 0:
            log.info("rule for :%d already present", port)
            continue
        ipt("-A", *spec)
        log.info("redirect %s tcp/%d -> :%d", iface, port, to_port)


def teardown(iface: str, ports: list, to_port: int, restore_fwd: bool) -> None:
    for port in ports:
        spec = rule_spec(iface, port, to_port)
        while ipt("-C", *spec, check=False) == 0:
            ipt("-D", *spec)
            log.info("removed redirect for tcp/%d", port)
    if restore_fwd:
        set_forwarding(False)


def preflight() -> None:
    if os.geteuid() != 0:
        raise SetupError("must run as root (try: sudo -E %s)" % sys.argv[0])
    if shutil.which("iptables") is None:
        raise SetupError("iptables not found")
    if not Path("/sys/class/net").exists():
        raise SetupError("no /sys/class/net; not a Linux host?")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["setup", "teardown", "status"])
    ap.add_argument("--iface", default="lab0")
    ap.add_argument("--ports", default="80,443")
    ap.add_argument("--proxy-port", type=int, default=8080)
    ap.add_argument("--disable-forwarding", action="store_true",
                    help="on teardown, also set ip_forward back to 0")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    ports = [int(p) for p in args.ports.split(",") if p.strip()]

    try:
        preflight()
        if not Path(f"/sys/class/net/{args.iface}").exists():
            raise SetupError(f"interface {args.iface} does not exist")
        if args.action == "setup":
            setup(args.iface, ports, args.proxy_port)
        elif args.action == "teardown":
            teardown(args.iface, ports, args.proxy_port,
                     args.disable_forwarding)
        else:
            print("ip_forward =", IP_FORWARD.read_text().strip())
            subprocess.run(["iptables", "-t", "nat", "-S", "PREROUTING"])
    except (SetupError, OSError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
