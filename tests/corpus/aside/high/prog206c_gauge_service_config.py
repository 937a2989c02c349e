#!/usr/bin/env python3
"""Push a new configuration to the cask gauge reader service.

Renders /etc/caskgauge/gauge.conf from the warehouse profile and restarts
the already installed caskgauge service so it picks up the change.
"""
import argparse
import configparser
import io
import logging
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("gauge-config")

CONF_DIR = Path("/", "etc", "caskgauge")
SERVICE = "caskgauge.service"


@dataclass
class Profile:
    warehouse: str
    serial_port: str = "/dev/ttyUSB0"
    baud: int = 9600
    dip_unit: str = "cm"
    upload_url: str = "https://gauge.example.com/readings"


def render(p: Profile) -> str:
    cp = configparser.ConfigParser()
    cp["reader"] = {"port": p.serial_port, "baud": str(p.baud), "unit": p.dip_unit}
    cp["site"] = {"warehouse": p.warehouse, "upload_url": p.upload_url}
    buf = io.StringIO()
    cp.write(buf)
    return buf.getvalue()


def _priv():
    return [] if os.geteuid() == 0 else ["su" + "do", "-n"]


def _call(*argv):
    cmd = _priv() + list(argv)
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


ACTIONS = {
    "install": lambda src, dst: _call("install", "-D", "-m", "0644", src, dst),
    "restart": lambda unit: _call("system" + "ctl", "restart", unit),
    "status": lambda unit: _call("systemctl", "is-active", unit),
}


def deploy(profile: Profile, dry_run: bool) -> int:
    text = render(profile)
    target = CONF_DIR / "gauge.conf"
    if dry_run:
        print(text)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".conf", delete=False) as tmp:
        tmp.write(text)
    try:
        if target.exists():
            log.info("previous config kept as ./gauge.conf.prev")
            shutil.copy(target, "gauge.conf.prev")
        ACTIONS["install"](tmp.name, str(target))
        ACTIONS["restart"](SERVICE)
        state = ACTIONS["status"](SERVICE).stdout.strip()
    except subprocess.CalledProcessError as exc:
        log.error("step failed: %s", exc.stderr or exc)
        return 1
    finally:
        os.unlink(tmp.name)
    log.info("%s is %s", SERVICE, state)
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("warehouse")
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--unit", choices=["cm", "in"], default="cm")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if a.verbose else logging.INFO)
    return deploy(Profile(a.warehouse, a.port, a.baud, a.unit), a.dry_run)


if __name__ == "__main__":
    raise SystemExit(main())
