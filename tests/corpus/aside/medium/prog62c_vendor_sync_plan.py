#!/usr/bin/env python3
"""Plan a vendoring sync from vendor.yml, supporting !git and !pypi sources.

vendor.yml (in the project root) looks like:

    vendor_dir: third_party
    cache_dir: .vendor-cache
    packages:
      - {name: six, source: !pypi "six==1.16.0", sha256: 1e61c3...}
      - {name: attrs, source: !git "https://github.com/python-attrs/attrs@23.1.0"}

Every vendored directory is hashed and compared with the manifest; the
resulting plan (fetch / refresh / keep) is written to vendor-plan.json.
"""
import argparse
import hashlib
import json
import logging
import os
from pathlib import Path

import yaml

log = logging.getLogger("vendor-plan")


class Source:
    def __init__(self, kind, spec):
        self.kind, self.spec = kind, spec

    def __repr__(self):
        return f"{self.kind}:{self.spec}"


def _source_ctor(kind):
    def ctor(loader, node):
        return Source(kind, loader.construct_scalar(node))
    return ctor


yaml.add_constructor("!git", _source_ctor("git"), Loader=yaml.Loader)
yaml.add_constructor("!pypi", _source_ctor("pypi"), Loader=yaml.Loader)


def load_manifest(path):
    with open(path, "r", encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    data.setdefault("vendor_dir", "third_party")
    data.setdefault("cache_dir", ".vendor-cache")
    data.setdefault("packages", [])
    return data


def tree_digest(root):
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(".pyc"):
                continue
            full = Path(dirpath, name)
            h.update(str(full.relative_to(root)).encode())
            h.update(full.read_bytes())
    return h.hexdigest()


def plan(manifest, base):
    actions = []
    vendor_root = base / manifest["vendor_dir"]
    for pkg in manifest["packages"]:
        src = pkg.get("source")
        pdir = vendor_root / pkg["name"]
        if not pdir.is_dir():
            actions.append({"name": pkg["name"], "action": "fetch", "source": repr(src)})
            continue
        digest = tree_digest(pdir)
        action = "keep" if digest == pkg.get("sha256") else "refresh"
        actions.append({"name": pkg["name"], "action": action,
                        "source": repr(src), "digest": digest})
    return actions


def main():
    ap = argparse.ArgumentParser(description="plan a vendoring sync")
    ap.add_argument("--manifest", default="vendor.yml")
    ap.add_argument("--out", default="vendor-plan.json")
    ap.add_argument("--only", action="append", default=[], help="limit to these names")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    base = Path.cwd()
    try:
        manifest = load_manifest(base / args.manifest)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read manifest: %s", exc)
        return 2
    if args.only:
        manifest["packages"] = [p for p in manifest["packages"] if p["name"] in args.only]
    actions = plan(manifest, base)
    counts = {}
    for a in actions:
        counts[a["action"]] = counts.get(a["action"], 0) + 1
        log.info("%-8s %-24s %s", a["action"], a["name"], a["source"])
    with open(base / args.out, "w", encoding="utf-8") as fh:
        json.dump({"actions": actions, "counts": counts}, fh, indent=2)
    log.info("plan written to %s (%s)", args.out, counts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
