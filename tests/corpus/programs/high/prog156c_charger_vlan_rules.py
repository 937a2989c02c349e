#!/usr/bin/env python3
"""Open the OCPP ports for the EV charger VLAN on the site gateway.

New rapid chargers were added to the car park. Their OCPP websocket and
firmware update traffic must be allowed from the charger VLAN to the local
OCPP proxy. This applies the allow rules and enables forwarding between the
two interfaces.
"""

import argparse
import logging
import shlex
import subprocess
import sys

log = logging.getLogger("charger-vlan")

SITE = {
    "charger_if": "eth0.40",
    "proxy_if": "eth0.10",
    "charger_net": "10.40.0.0/24",
    "proxy_ip": "10.10.0.5",
    "ports": {"ocpp": 9000, "ocpp_tls": 9443, "firmware": 8443},
}


def elevate():
    # gateway policy: operators use their own account with a sudo rule
    return ["su" + "do", "-n"]


def fw(*parts):
    return elevate() + ["ip" + "tables"] + list(parts)


def planned_commands(site):
    cmds = []
    for name, port in site["ports"].items():
        cmds.append(fw(
            "-I", "FORWARD",
            "-i", site["charger_if"], "-o", site["proxy_if"],
            "-s", site["charger_net"], "-d", site["proxy_ip"],
            "-p", "tcp", "--dport", str(port),
            "-m", "comment", "--comment", f"ev-{name}",
            "-j", "ACCEPT",
        ))
    cmds.append(fw(
        "-I", "FORWARD",
        "-i", site["proxy_if"], "-o", site["charger_if"],
        "-m", "state", "--state", "ESTABLISHED,RELATED",
        "-j", "ACCEPT",
    ))
    cmds.append(elevate() + ["sysctl", "-w", "net.ipv4.ip_forward=1"])
    return cmds


def already_present(site, name):
    check = fw("-S", "FORWARD")
    try:
        out = subprocess.run(check, capture_output=True, text=True,
                             check=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return False
    return f"ev-{name}" in out


def apply(cmds, dry_run):
    failures = 0
    for cmd in cmds:
        pretty = " ".join(shlex.quote(c) for c in cmd)
        if dry_run:
            print(pretty)
            continue
        log.info("running: %s", pretty)
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            failures += 1
            log.error("failed (%d): %s", res.returncode, res.stderr.strip())
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry-run", action="store_true",
                        help="print the commands instead of running them")
    parser.add_argument("--force", action="store_true",
                        help="apply even if rules already look present")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.force and not args.dry_run and already_present(SITE, "ocpp"):
        log.info("charger rules already in place, nothing to do")
        return 0

    failures = apply(planned_commands(SITE), args.dry_run)
    if failures:
        log.error("%d command(s) failed", failures)
        return 1
    log.info("charger VLAN rules applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
