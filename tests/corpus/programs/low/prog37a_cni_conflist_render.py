#!/usr/bin/env python3
"""Render the mesh CNI chained-plugin conflist for review in a pull request.

Reads cni-settings.json from the repository, merges it with the chained
plugin definitions and writes the resulting conflist into ./rendered so the
diff can be reviewed before the DaemonSet image is rebuilt.
"""
import argparse
import hashlib
import ipaddress
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("cni-render")

DEFAULTS = {
    "cniVersion": "1.0.0",
    "name": "mesh-net",
    "mtu": 1450,
    "podCIDR": "10.244.0.0/16",
    "excludeNamespaces": ["kube-system"],
    "logLevel": "info",
}

PLUGIN_ORDER = ("bridge", "portmap", "bandwidth", "mesh-redirect")


class ConfigError(Exception):
    pass


def load_settings(path):
    settings = dict(DEFAULTS)
    if path.exists():
        with path.open() as fh:
            settings.update(json.load(fh))
    else:
        log.warning("%s not found, using defaults", path)
    try:
        net = ipaddress.ip_network(settings["podCIDR"])
    except ValueError as exc:
        raise ConfigError(f"bad podCIDR: {exc}") from exc
    if net.prefixlen > 24:
        raise ConfigError("podCIDR too small for a node range")
    if not 576 <= int(settings["mtu"]) <= 9000:
        raise ConfigError("mtu out of range")
    return settings


def plugin(kind, settings):
    if kind == "bridge":
        return {
            "type": "bridge",
            "bridge": "cni0",
            "isGateway": True,
            "ipMasq": True,
            "mtu": int(settings["mtu"]),
            "ipam": {
                "type": "host-local",
                "ranges": [[{"subnet": settings["podCIDR"]}]],
                "routes": [{"dst": "0.0.0.0/0"}],
            },
        }
    if kind == "portmap":
        return {"type": "portmap", "capabilities": {"portMappings": True}}
    if kind == "bandwidth":
        return {"type": "bandwidth", "capabilities": {"bandwidth": True}}
    if kind == "mesh-redirect":
        return {
            "type": "mesh-redirect",
            "log_level": settings["logLevel"],
            "exclude_namespaces": sorted(settings["excludeNamespaces"]),
            "kubernetes": {"kubeconfig": "__KUBECONFIG_FILEPATH__"},
        }
    raise ConfigError(f"unknown plugin {kind}")


def build_conflist(settings, plugins):
    return {
        "cniVersion": settings["cniVersion"],
        "name": settings["name"],
        "plugins": [plugin(p, settings) for p in plugins],
    }


def write_output(outdir, name, document):
    outdir.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, indent=2, sort_keys=False) + "\n"
    target = outdir / name
    tmp = target.with_suffix(".tmp")
    tmp.write_text(text)
    os.replace(tmp, target)
    digest = hashlib.sha256(text.encode()).hexdigest()
    (outdir / (name + ".sha256")).write_text(f"{digest}  {name}\n")
    return target, digest


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", default="cni-settings.json")
    ap.add_argument("--outdir", default="rendered")
    ap.add_argument("--filename", default="10-mesh.conflist")
    ap.add_argument("--skip", action="append", default=[], choices=PLUGIN_ORDER,
                    help="leave a plugin out of the chain")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(levelname)s: %(message)s")

    try:
        settings = load_settings(Path(args.settings))
    except (ConfigError, json.JSONDecodeError) as exc:
        log.error("%s", exc)
        return 2

    chain = [p for p in PLUGIN_ORDER if p not in args.skip]
    conflist = build_conflist(settings, chain)
    target, digest = write_output(Path(args.outdir), args.filename, conflist)
    log.info("rendered %s (%s plugins) sha256=%s", target, len(chain), digest[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
