#!/usr/bin/env python3
"""Keep the van tracker box's 4G uplink from silently dropping.

The mobile network kills idle TCP sessions after about five minutes, which
leaves the tracker's MQTT connection half-open until the kernel's default
two-hour keepalive notices. This tool shortens the keepalive timers, checks
the modem is registered and, if the uplink has been dead for a while,
restarts ModemManager.

Settings come from modem.ini:
    [keepalive]
    time = 60
    intvl = 15
    probes = 4
    [modem]
    ping_host = 1.1.1.1
    max_dead_minutes = 10
"""
import argparse
import configparser
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("modem_tuner")
SYSCTL_ROOT = Path("/proc/sys/net/ipv4")
STATE = Path(".modem_tuner_state")


def elevate_cmd():
    for tool in ("pkexec", "sudo"):
        if shutil.which(tool):
            return [tool] if tool == "pkexec" else [tool, "-n"]
    return []


def set_keepalive(values: dict, dry_run=False):
    for name, value in values.items():
        node = SYSCTL_ROOT / f"tcp_keepalive_{name}"
        current = node.read_text().strip()
        if current == str(value):
            LOG.debug("%s already %s", node.name, value)
            continue
        LOG.info("%s: %s -> %s", node.name, current, value)
        if dry_run:
            continue
        try:
            node.write_text(f"{value}\n")
        except PermissionError:
            key = f"net.ipv4.tcp_keepalive_{name}"
            subprocess.run(elevate_cmd() + ["sysctl", "-w", f"{key}={value}"],
                           check=True, capture_output=True)


def modem_registered():
    if not shutil.which("mmcli"):
        return None
    out = subprocess.run(["mmcli", "-m", "any", "--output-keyvalue"],
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("modem.generic.state "):
            return line.split(":", 1)[1].strip() in ("registered", "connected")
    return False


def uplink_alive(host):
    res = subprocess.run(["ping", "-c", "2", "-W", "3", host],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return res.returncode == 0


def dead_since():
    try:
        return float(STATE.read_text())
    except (OSError, ValueError):
        return None


def record_dead(ts):
    if ts is None:
        STATE.unlink(missing_ok=True)
    else:
        STATE.write_text(str(ts))


def restart_modem_manager(dry_run=False):
    LOG.warning("restarting ModemManager")
    if not dry_run:
        subprocess.run(elevate_cmd() + ["systemctl", "restart", "ModemManager.service"],
                       check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="modem.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read_dict({"keepalive": {"time": "60", "intvl": "15", "probes": "4"},
                   "modem": {"ping_host": "1.1.1.1", "max_dead_minutes": "10"}})
    cfg.read(args.config)

    try:
        set_keepalive(dict(cfg["keepalive"]), args.dry_run)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("could not set keepalive: %s", exc)

    reg = modem_registered()
    if reg is False:
        LOG.warning("modem not registered on the network")

    if uplink_alive(cfg["modem"]["ping_host"]):
        record_dead(None)
        LOG.info("uplink ok")
        return 0

    since = dead_since() or time.time()
    record_dead(since)
    dead_for = (time.time() - since) / 60
    LOG.warning("uplink down for %.1f minutes", dead_for)
    if dead_for >= cfg["modem"].getfloat("max_dead_minutes"):
        try:
            restart_modem_manager(args.dry_run)
            record_dead(None)
        except subprocess.CalledProcessError as exc:
            LOG.error("restart failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
