#!/usr/bin/env python3
"""Prepare connection files for remote notebook kernels.

Kernel profiles live in ./kernels/*.yaml (they may use YAML tags to build
python objects for custom launchers).  For each profile we write a Jupyter
style connection file into ./runtime/ with a port block and a signing key,
and keep a cache of parsed profiles in ./runtime/profiles.cache.
"""
import argparse
import glob
import json
import logging
import os
import pickle
import random
import string
import sys

import yaml

log = logging.getLogger("kernel-profiles")
RUNTIME = "runtime"
CACHE = os.path.join(RUNTIME, "profiles.cache")
PORT_NAMES = ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")


def load_profiles(pattern, use_cache):
    if use_cache and os.path.exists(CACHE):
        with open(CACHE, "rb") as fh:
            log.info("loading cached profiles")
            return pickle.load(fh)
    profiles = {}
    for path in sorted(glob.glob(pattern)):
        with open(path) as fh:
            doc = yaml.load(fh, Loader=yaml.Loader)
        if not isinstance(doc, dict) or "name" not in doc:
            log.warning("%s: not a kernel profile", path)
            continue
        profiles[doc["name"]] = doc
    os.makedirs(RUNTIME, exist_ok=True)
    with open(CACHE, "wb") as fh:
        pickle.dump(profiles, fh)
    return profiles


def make_key(length=32):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def allocate_ports(base, used):
    ports = {}
    candidate = base
    for name in PORT_NAMES:
        while candidate in used:
            candidate += 1
        ports[name] = candidate
        used.add(candidate)
        candidate += 1
    return ports


def connection_info(profile, ports):
    info = {
        "transport": "tcp",
        "ip": profile.get("ip", "127.0.0.1"),
        "signature_scheme": "hmac-sha256",
        "key": make_key(),
        "kernel_name": profile["name"],
    }
    info.update(ports)
    return info


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profiles", default="kernels/*.yaml")
    ap.add_argument("--base-port", type=int, default=50100)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        profiles = load_profiles(args.profiles, not args.no_cache)
    except (OSError, yaml.YAMLError, pickle.UnpicklingError) as exc:
        log.error("cannot load profiles: %s", exc)
        return 1
    if not profiles:
        log.error("no kernel profiles matched %s", args.profiles)
        return 1

    used = set()
    for name, prof in profiles.items():
        ports = allocate_ports(args.base_port + 10 * len(used) // 5, used)
        info = connection_info(prof, ports)
        target = os.path.join(RUNTIME, f"kernel-{name}.json")
        with open(target, "w") as fh:
            json.dump(info, fh, indent=1)
        log.info("%s -> %s (shell %d)", name, target, ports["shell_port"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
