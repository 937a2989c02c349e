#!/usr/bin/env python3
"""Generate a Docker daemon.json for build hosts from a small INI profile.

The result is written to ./generated/<host>/daemon.json for review and for
the configuration-management repo; it is not installed on this machine.
"""
import argparse
import configparser
import json
import logging
import os
from pathlib import Path

LOGGER = logging.getLogger("daemon-json")
DEFAULTS = {
    "log-driver": "json-file",
    "log-opts": {"max-size": "20m", "max-file": "5"},
    "features": {"buildkit": True},
    "live-restore": True,
}


def host_distro(os_release="/etc/os-release"):
    info = {}
    try:
        with open(os_release, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, val = line.strip().partition("=")
                    info[key] = val.strip('"')
    except OSError:
        LOGGER.warning("cannot read %s, assuming generic linux", os_release)
    return info.get("ID", "linux"), info.get("VERSION_ID", "")


def storage_driver_for(distro, version):
    if distro in {"rhel", "centos", "rocky", "almalinux"} and version.startswith("7"):
        return "devicemapper"
    return "overlay2"


def build_config(profile, distro, version):
    cfg = json.loads(json.dumps(DEFAULTS))
    cfg["storage-driver"] = storage_driver_for(distro, version)
    mirrors = [m.strip() for m in profile.get("mirrors", "").split(",") if m.strip()]
    if mirrors:
        cfg["registry-mirrors"] = mirrors
    if profile.get("data_root"):
        cfg["data-root"] = profile["data_root"]
    if profile.getboolean("ipv6", fallback=False):
        cfg["ipv6"] = True
        cfg["fixed-cidr-v6"] = profile.get("cidr_v6", "fd00:dead:beef::/48")
    gc = profile.getint("builder_gc_gb", fallback=0)
    if gc:
        cfg["builder"] = {"gc": {"enabled": True, "defaultKeepStorage": f"{gc}GB"}}
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="buildhosts.ini")
    ap.add_argument("--host", default="default")
    ap.add_argument("--out-dir", default="generated")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    parser = configparser.ConfigParser()
    if not parser.read(args.profile):
        LOGGER.error("profile %s not found", args.profile)
        return 1
    if args.host not in parser:
        LOGGER.error("no section [%s] in %s", args.host, args.profile)
        return 1

    distro, version = host_distro()
    config = build_config(parser[args.host], distro, version)
    target = Path(args.out_dir) / args.host / "daemon.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    os.chmod(target, 0o600)
    LOGGER.info("wrote %s (%s %s, driver %s)", target, distro, version,
                config["storage-driver"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
