#!/usr/bin/env python3
"""install-cni: init container entrypoint for the mesh CNI DaemonSet.

Copies the plugin binaries shipped in the image onto the node and installs
the chained conflist into the kubelet's CNI configuration directory, then
keeps watching so a conflist rewritten by another CNI gets re-chained.
"""
import argparse
import hashlib
import ipaddress
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("install-cni")

DEFAULTS = {
    "cniVersion": "1.0.0",
    "name": "mesh-net",
    "mtu": 1450,
    "podCIDR": "10.244.0.0/16",
    "excludeNamespaces": ["kube-system"],
    "logLevel": "info",
}

PLUGIN_ORDER = ("bridge", "portmap", "bandwidth", "mesh-redirect")
CNI_CONF_DIR = Path("/etc/cni/net.d")
CNI_BIN_DIR = Path("/opt/cni/bin")
IMAGE_BIN_DIR = Path("/app/cni-bin")


class ConfigError(Exception):
    pass


def load_settings(path):
    settings = dict(DEFAULTS)
    if path.exists():
        settings.update(json.loads(path.read_text()))
    try:
        ipaddress.ip_network(settings["podCIDR"])
    except ValueError as exc:
        raise ConfigError(f"bad podCIDR: {exc}") from exc
    return settings


def plugin(kind, settings):
    if kind == "bridge":
        return {
            "type": "bridge", "bridge": "cni0", "isGateway": True, "ipMasq": True,
            "mtu": int(settings["mtu"]),
            "ipam": {"type": "host-local",
                     "ranges": [[{"subnet": settings["podCIDR"]}]],
                     "routes": [{"dst": "0.0.0.0/0"}]},
        }
    if kind == "portmap":
        return {"type": "portmap", "capabilities": {"portMappings": True}}
    if kind == "bandwidth":
        return {"type": "bandwidth", "capabilities": {"bandwidth": True}}
    if kind == "mesh-redirect":
        return {"type": "mesh-redirect", "log_level": settings["logLevel"],
                "exclude_namespaces": sorted(settings["excludeNamespaces"]),
                "kubernetes": {"kubeconfig": str(CNI_CONF_DIR / "mesh-kubeconfig")}}
    raise ConfigError(f"unknown plugin {kind}")


def install_binaries(src_dir, dst_dir):
    dst_dir.mkdir(parents=True, exist_ok=True)
    for binary in sorted(src_dir.iterdir()):
        target = dst_dir / binary.name
        staging = dst_dir / f".{binary.name}.new"
        shutil.copyfile(binary, staging)
        os.chmod(staging, 0o755)
        os.replace(staging, target)
        log.info("installed %s", target)


def install_conflist(conf_dir, filename, document):
    conf_dir.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, indent=2) + "\n"
    target = conf_dir / filename
    staging = conf_dir / f".{filename}.tmp"
    staging.write_text(text)
    os.chmod(staging, 0o644)
    os.chown(staging, 0, 0)
    os.replace(staging, target)
    return target, hashlib.sha256(text.encode()).hexdigest()


def watch(target, expected_digest, reinstall, interval):
    while True:
        time.sleep(interval)
        try:
            current = hashlib.sha256(target.read_bytes()).hexdigest()
        except FileNotFoundError:
            current = None
        if current != expected_digest:
            log.warning("%s changed on the node, reinstalling", target)
            _, expected_digest = reinstall()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", default="/config/cni-settings.json")
    ap.add_argument("--filename", default="10-mesh.conflist")
    ap.add_argument("--watch-interval", type=float, default=float(os.environ.get("CNI_WATCH_INTERVAL", 10)))
    ap.add_argument("--once", action="store_true", help="install and exit (init container mode)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        settings = load_settings(Path(args.settings))
    except (ConfigError, json.JSONDecodeError) as exc:
        log.error("%s", exc)
        return 2

    conflist = {"cniVersion": settings["cniVersion"], "name": settings["name"],
                "plugins": [plugin(p, settings) for p in PLUGIN_ORDER]}

    def reinstall():
        return install_conflist(CNI_CONF_DIR, args.filename, conflist)

    install_binaries(IMAGE_BIN_DIR, CNI_BIN_DIR)
    target, digest = reinstall()
    log.info("conflist installed at %s sha256=%s", target, digest[:12])
    if args.once:
        return 0
    try:
        watch(target, digest, reinstall, args.watch_interval)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
