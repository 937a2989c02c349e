#!/usr/bin/env python3
"""Configure IEEE 1588 (PTP) time sync so that the DAQ chassis and the
high-speed cameras share sub-microsecond timestamps.

Renders the ptp4l configuration for the chosen NIC, installs it and restarts
the linuxptp services, then waits until the port reaches SLAVE state.
"""
import argparse
import configparser
import io
import logging
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("ptpcfg")
PTP_CONF = Path("/etc/linuxptp/ptp4l.conf")
SERVICES = ("ptp4l", "phc2sys")

PROFILES = {
    "default": {"domainNumber": "0", "logSyncInterval": "0", "delay_mechanism": "E2E"},
    "lab-fast": {"domainNumber": "24", "logSyncInterval": "-3", "delay_mechanism": "P2P"},
}


def render(iface, profile, priority):
    cfg = configparser.ConfigParser(delimiters=(" ",))
    cfg.optionxform = str
    cfg["global"] = dict(PROFILES[profile])
    cfg["global"].update({
        "priority1": str(priority),
        "time_stamping": "hardware",
        "tx_timestamp_timeout": "10",
        "summary_interval": "2",
    })
    cfg[iface] = {"network_transport": "L2"}
    buf = io.StringIO()
    cfg.write(buf, space_around_delimiters=False)
    return buf.getvalue()


def has_hw_timestamping(iface):
    out = subprocess.run(["ethtool", "-T", iface], capture_output=True, text=True)
    return out.returncode == 0 and "hardware-transmit" in out.stdout


def install(text, dry_run):
    if dry_run:
        print(text)
        return False
    if PTP_CONF.exists() and PTP_CONF.read_text() == text:
        LOG.info("%s unchanged", PTP_CONF)
        return False
    PTP_CONF.parent.mkdir(parents=True, exist_ok=True)
    if PTP_CONF.exists():
        shutil.copy2(PTP_CONF, PTP_CONF.with_suffix(".conf.bak"))
    PTP_CONF.write_text(text)
    LOG.info("wrote %s", PTP_CONF)
    return True


def restart_services():
    for svc in SERVICES:
        LOG.info("restarting %s", svc)
        subprocess.run(["systemctl", "restart", f"{svc}.service"], check=True)


def wait_for_slave(timeout):
    pattern = re.compile(r"port 1.*to SLAVE|UNCALIBRATED to SLAVE")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        out = subprocess.run(["journalctl", "-u", "ptp4l", "--since", "-2min", "-o", "cat"],
                             capture_output=True, text=True).stdout
        if pattern.search(out):
            return True
        time.sleep(2)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("iface", help="NIC with hardware timestamping, e.g. enp65s0f0")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="lab-fast")
    ap.add_argument("--priority", type=int, default=200)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not has_hw_timestamping(args.iface):
        sys.exit(f"{args.iface} does not report hardware timestamping")
    changed = install(render(args.iface, args.profile, args.priority), args.dry_run)
    if args.dry_run:
        return
    if changed:
        restart_services()
    LOG.info("synchronised" if wait_for_slave(args.timeout) else "no SLAVE state yet")


if __name__ == "__main__":
    main()
