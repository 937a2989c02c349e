#!/usr/bin/env python3
"""Install a Docker daemon.json for build hosts from a small INI profile.

Merges the profile into the live /etc/docker/daemon.json (keeping keys we
don't manage), backs up the previous file and restarts the daemon.
"""
import argparse
import configparser
import json
import logging
import shutil
import subprocess
import time
from pathlib import Path

LOGGER = logging.getLogger("daemon-json")
DAEMON_JSON = Path("/etc/docker/daemon.json")
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


def build_config(profile, current):
    cfg = dict(current)
    cfg.update(json.loads(json.dumps(DEFAULTS)))
    mirrors = [m.strip() for m in profile.get("mirrors", "").split(",") if m.strip()]
    if mirrors:
        cfg["registry-mirrors"] = mirrors
    insecure = [r.strip() for r in profile.get("insecure", "").split(",") if r.strip()]
    if insecure:
        cfg["insecure-registries"] = insecure
    if profile.get("data_root"):
        cfg["data-root"] = profile["data_root"]
    gc = profile.getint("builder_gc_gb", fallback=0)
    if gc:
        cfg["builder"] = {"gc": {"enabled": True, "defaultKeepStorage": f"{gc}GB"}}
    return cfg


def restart_daemon(unit="docker.service"):
    for action in ("daemon-reload", "restart"):
        cmd = ["systemctl", action] + ([unit] if action == "restart" else [])
        LOGGER.info("running %s", " ".join(cmd))
        subprocess.run(cmd, check=True)
    subprocess.run(["systemctl", "is-active", "--quiet", unit], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="buildhosts.ini")
    ap.add_argument("--host", default="default")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    parser = configparser.ConfigParser()
    if not parser.read(args.profile) or args.host not in parser:
        LOGGER.error("profile section [%s] not found in %s", args.host, args.profile)
        return 1

    current = {}
    if DAEMON_JSON.exists():
        current = json.loads(DAEMON_JSON.read_text() or "{}")
        backup = DAEMON_JSON.with_suffix(f".json.{int(time.time())}.bak")
        shutil.copy2(DAEMON_JSON, backup)
        LOGGER.info("backed up to %s", backup)

    distro, version = host_distro()
    config = build_config(parser[args.host], current)
    DAEMON_JSON.parent.mkdir(parents=True, exist_ok=True)
    DAEMON_JSON.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    DAEMON_JSON.chmod(0o644)
    LOGGER.info("installed %s on %s %s", DAEMON_JSON, distro, version)

    if not args.no_restart:
        try:
            restart_daemon()
        except subprocess.CalledProcessError as exc:
            LOGGER.error("docker restart failed: %s", exc)
            return 3
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
