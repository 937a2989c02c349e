#!/usr/bin/env python3
"""Merge the kubeconfig fragments of a project and list their contexts.

Looks for *.kubeconfig / kubeconfig*.yaml files in the working directory
(for example exported by a cluster installer), merges them into
./merged.kubeconfig and prints the contexts with user credentials masked.
"""
import argparse
import logging
import os
import sys
from pathlib import Path

import yaml

log = logging.getLogger("kcmerge")
GLOBS = ("*.kubeconfig", "kubeconfig*.yaml", "kubeconfig*.yml")
SECRET_FIELDS = ("token", "client-key-data", "password", "client-certificate-data")


def find_fragments(root):
    seen = set()
    for pattern in GLOBS:
        for path in sorted(root.glob(pattern)):
            if path.name != "merged.kubeconfig" and path not in seen:
                seen.add(path)
                yield path


def load_fragment(path):
    with path.open(encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(doc, dict) or doc.get("kind") != "Config":
        raise ValueError(f"{path.name}: not a kubeconfig")
    return doc


def merge(docs):
    merged = {"apiVersion": "v1", "kind": "Config", "clusters": [], "users": [],
              "contexts": [], "preferences": {}}
    for doc in docs:
        for section in ("clusters", "users", "contexts"):
            known = {item["name"] for item in merged[section]}
            for item in doc.get(section) or []:
                if item["name"] in known:
                    log.warning("duplicate %s entry %r ignored", section[:-1], item["name"])
                    continue
                merged[section].append(item)
        merged.setdefault("current-context", doc.get("current-context"))
    return merged


def describe_user(user):
    spec = user.get("user") or {}
    kinds = [f for f in SECRET_FIELDS if f in spec]
    if "exec" in spec:
        kinds.append("exec:" + spec["exec"].get("command", "?"))
    return ", ".join(kinds) or "none"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dir", default=".", help="directory with fragments (default: cwd)")
    p.add_argument("--output", default="merged.kubeconfig")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.dir)
    docs = []
    for frag in find_fragments(root):
        try:
            docs.append(load_fragment(frag))
            log.info("loaded %s", frag.name)
        except (ValueError, yaml.YAMLError) as exc:
            log.warning("skipping %s", exc)
    if not docs:
        log.error("no kubeconfig fragments in %s", root.resolve())
        return 1

    merged = merge(docs)
    users = {u["name"]: u for u in merged["users"]}
    print(f"{'CONTEXT':<28} {'CLUSTER':<24} {'USER':<20} CREDENTIALS")
    for ctx in merged["contexts"]:
        c = ctx.get("context", {})
        user = users.get(c.get("user"), {})
        print(f"{ctx['name']:<28} {c.get('cluster', '-'):<24} {c.get('user', '-'):<20} {describe_user(user)}")

    if not args.dry_run:
        out = root / args.output
        out.write_text(yaml.safe_dump(merged, sort_keys=False))
        os.chmod(out, 0o600)
        log.info("wrote %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
