#!/usr/bin/env python3
"""install-cni: init container for the overlay-net DaemonSet.

Copies the CNI plugin binaries shipped in the image to the node's
/opt/cni/bin and writes the network configuration list to
/etc/cni/net.d/10-overlay-net.conflist (both host directories are mounted
at the same paths).  The pod CIDR comes from the Node object via the
downward API / environment.  Existing files are replaced atomically.
"""
import argparse
import hashlib
import ipaddress
import json
import logging
import os
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("install-cni")

SRC_BIN = Path("/opt/overlay-net/bin")
HOST_BIN = Path("/opt/cni/bin")
NET_D = Path("/etc/cni/net.d")
CONF_NAME = "10-overlay-net.conflist"
PLUGINS = ("overlay-net", "host-local", "loopback", "portmap", "bandwidth")


def sha256_of(path: Path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def atomic_write(target: Path, data: bytes, mode: int):
    tmp = target.with_name(f".{target.name}.tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.chmod(tmp, mode)
    os.chown(tmp, 0, 0)
    os.replace(tmp, target)


def install_binaries(dry_run):
    HOST_BIN.mkdir(parents=True, exist_ok=True)
    for name in PLUGINS:
        src = SRC_BIN / name
        dst = HOST_BIN / name
        if not src.exists():
            LOG.warning("plugin %s missing from image, skipping", name)
            continue
        if dst.exists() and sha256_of(src) == sha256_of(dst):
            LOG.info("%s up to date", dst)
            continue
        LOG.info("installing %s", dst)
        if not dry_run:
            tmp = dst.with_name(f".{name}.tmp")
            shutil.copyfile(src, tmp)
            os.chmod(tmp, 0o755)
            os.chown(tmp, 0, 0)
            os.replace(tmp, dst)


def build_conflist(pod_cidr, mtu, cluster_cidr):
    net = ipaddress.ip_network(pod_cidr, strict=True)
    gateway = str(next(net.hosts()))
    return {
        "cniVersion": "1.0.0",
        "name": "overlay-net",
        "plugins": [
            {
                "type": "overlay-net",
                "mtu": mtu,
                "clusterCIDR": cluster_cidr,
                "ipam": {
                    "type": "host-local",
                    "ranges": [[{"subnet": str(net), "gateway": gateway}]],
                    "routes": [{"dst": "0.0.0.0/0"}],
                    "dataDir": "/var/lib/cni/networks",
                },
            },
            {"type": "portmap", "capabilities": {"portMappings": True}, "snat": True},
            {"type": "bandwidth", "capabilities": {"bandwidth": True}},
        ],
    }


def install_config(conf, dry_run):
    NET_D.mkdir(parents=True, exist_ok=True)
    target = NET_D / CONF_NAME
    data = (json.dumps(conf, indent=2) + "\n").encode()
    if target.exists() and target.read_bytes() == data:
        LOG.info("%s unchanged", target)
        return False
    LOG.info("writing %s", target)
    if not dry_run:
        atomic_write(target, data, 0o644)
    # The runtime uses the lexically first config; warn if another one wins.
    others = sorted(p.name for p in NET_D.glob("*.conf*") if p.name != CONF_NAME)
    if others and others[0] < CONF_NAME:
        LOG.warning("CNI config %s sorts before %s and will take precedence", others[0], CONF_NAME)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pod-cidr", default=os.environ.get("NODE_POD_CIDR"))
    ap.add_argument("--cluster-cidr", default=os.environ.get("CLUSTER_CIDR", "10.244.0.0/16"))
    ap.add_argument("--mtu", type=int, default=int(os.environ.get("OVERLAY_MTU", "1450")))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="install-cni: %(message)s")

    if not args.pod_cidr:
        LOG.error("NODE_POD_CIDR not set (spec.podCIDR via downward API)")
        return 2
    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("must run as root to write host CNI directories")
        return 2
    try:
        conf = build_conflist(args.pod_cidr, args.mtu, args.cluster_cidr)
    except ValueError as exc:
        LOG.error("bad pod CIDR %s: %s", args.pod_cidr, exc)
        return 2

    install_binaries(args.dry_run)
    changed = install_config(conf, args.dry_run)
    LOG.info("done (%s)", "config updated" if changed else "no config change")
    return 0


if __name__ == "__main__":
    sys.exit(main())
