#!/usr/bin/env python3
"""Inventory the contexts in the user's kubeconfig(s).

Reads every file named in $KUBECONFIG (or ~/.kube/config), merges the
contexts and prints a table of context -> cluster -> auth method, so people
can see at a glance which clusters they still have credentials for.
Nothing leaves the machine.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

from yaml import load, Loader, YAMLError

LOG = logging.getLogger("kube-inventory")


def kubeconfig_paths(explicit=None):
    if explicit:
        return [Path(p).expanduser() for p in explicit]
    env_value = os.environ.get("KUBECONFIG")
    if env_value:
        return [Path(p).expanduser() for p in env_value.split(os.pathsep) if p]
    return [Path.home() / ".kube" / "config"]


def read_config(path):
    with open(path, "rb") as fh:
        return load(fh, Loader=Loader) or {}


def auth_method(user_spec):
    if "exec" in user_spec:
        return "exec:" + os.path.basename(user_spec["exec"].get("command", "?"))
    if "auth-provider" in user_spec:
        return "provider:" + user_spec["auth-provider"].get("name", "?")
    if user_spec.get("token") or user_spec.get("tokenFile"):
        return "bearer-token"
    if user_spec.get("client-certificate-data") or user_spec.get("client-certificate"):
        return "client-cert"
    if user_spec.get("username"):
        return "basic-auth"
    return "none"


class Inventory:
    def __init__(self):
        self.clusters, self.users, self.contexts = {}, {}, {}
        self.current = None

    def merge(self, doc, origin):
        # first definition wins, like kubectl does
        for item in doc.get("clusters") or []:
            self.clusters.setdefault(item["name"], item.get("cluster", {}))
        for item in doc.get("users") or []:
            self.users.setdefault(item["name"], item.get("user", {}))
        for item in doc.get("contexts") or []:
            self.contexts.setdefault(item["name"], (item.get("context", {}), origin))
        self.current = self.current or doc.get("current-context")

    def rows(self):
        for name, (ctx, origin) in sorted(self.contexts.items()):
            cluster = self.clusters.get(ctx.get("cluster"), {})
            user = self.users.get(ctx.get("user"), {})
            marker = "*" if name == self.current else " "
            yield (marker, name, cluster.get("server", "?"), auth_method(user), origin.name)


def main(argv=None):
    parser = argparse.ArgumentParser(description="list kubeconfig contexts")
    parser.add_argument("files", nargs="*", help="kubeconfig files (default: $KUBECONFIG)")
    parser.add_argument("--count-only", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    inv = Inventory()
    for path in kubeconfig_paths(args.files):
        if not path.exists():
            LOG.debug("skip missing %s", path)
            continue
        try:
            inv.merge(read_config(path), path)
        except (OSError, YAMLError) as exc:
            LOG.error("cannot read %s: %s", path, exc)

    if args.count_only:
        print(f"{len(inv.contexts)} contexts, {len(inv.clusters)} clusters, {len(inv.users)} users")
        return 0
    width = max((len(n) for n in inv.contexts), default=10)
    for marker, name, server, method, origin in inv.rows():
        print(f"{marker} {name:<{width}}  {server:<40}  {method:<20} {origin}")
    return 0 if inv.contexts else 1


if __name__ == "__main__":
    sys.exit(main())
