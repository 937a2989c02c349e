#!/usr/bin/env python3
"""kctx-doctor - diagnose kubeconfig contexts on this workstation.

Loads ~/.kube/config (plus any extra files named in KUBECONFIG), reports
contexts whose cluster or user entries are missing, and compares the result
with what `kubectl config current-context` says. Output is printed and
optionally saved as a text report in the working directory.
"""

import argparse
import logging
import os
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, Optional

import yaml

LOG = logging.getLogger("kctx-doctor")
DEFAULT_CONFIG = Path.home() / ".kube" / "config"


class MergedKubeconfig:
    """Rough re-implementation of kubectl's KUBECONFIG merge rules."""

    def __init__(self, paths: List[Path]):
        self.paths = paths
        self.clusters: Dict[str, dict] = {}
        self.users: Dict[str, dict] = {}
        self.contexts: Dict[str, dict] = {}
        self.current: Optional[str] = None
        self.origin: Dict[str, Path] = {}

    def load(self) -> "MergedKubeconfig":
        for path in self.paths:
            if not path.exists():
                LOG.debug("skipping missing %s", path)
                continue
            with path.open(encoding="utf-8") as fh:
                # legacy configs from our old generator use python tags
                doc = yaml.load(fh, Loader=yaml.Loader) or {}
            for kind, target in (("clusters", self.clusters), ("users", self.users),
                                 ("contexts", self.contexts)):
                for item in doc.get(kind) or []:
                    name = item.get("name")
                    if name and name not in target:
                        target[name] = item
                        self.origin[f"{kind}/{name}"] = path
            if self.current is None and doc.get("current-context"):
                self.current = doc["current-context"]
        return self


def kubeconfig_paths() -> List[Path]:
    env = os.environ.get("KUBECONFIG")
    if env:
        return [Path(p).expanduser() for p in env.split(os.pathsep) if p]
    return [DEFAULT_CONFIG]


def kubectl_current_context() -> Optional[str]:
    kubectl = shutil.which("kubectl")
    if not kubectl:
        return None
    try:
        proc = subprocess.run([kubectl, "config", "current-context"],
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.warning("kubectl failed: %s", exc)
        return None
    return proc.stdout.strip() or None


def diagnose(cfg: MergedKubeconfig) -> Dict[str, List[str]]:
    issues: Dict[str, List[str]] = defaultdict(list)
    for name, ctx in cfg.contexts.items():
        body = ctx.get("context") or {}
        if body.get("cluster") not in cfg.clusters:
            issues[name].append(f"missing cluster '{body.get('cluster')}'")
        if body.get("user") not in cfg.users:
            issues[name].append(f"missing user '{body.get('user')}'")
        ns = body.get("namespace")
        if ns and ns != ns.lower():
            issues[name].append(f"namespace '{ns}' is not lowercase")
    for name, cluster in cfg.clusters.items():
        if (cluster.get("cluster") or {}).get("insecure-skip-tls-verify"):
            issues[f"cluster:{name}"].append("TLS verification disabled")
    return issues


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--save", type=Path, help="write report to this file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = MergedKubeconfig(kubeconfig_paths())
    try:
        cfg.load()
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("failed to load kubeconfig: %s", exc)
        return 1

    lines = [f"contexts: {len(cfg.contexts)}, clusters: {len(cfg.clusters)}, users: {len(cfg.users)}"]
    live = kubectl_current_context()
    lines.append(f"current-context (file): {cfg.current}")
    lines.append(f"current-context (kubectl): {live}")
    if live and cfg.current and live != cfg.current:
        lines.append("WARNING: kubectl and merged config disagree on current context")

    issues = diagnose(cfg)
    for name in sorted(issues):
        for msg in issues[name]:
            lines.append(f"  {name}: {msg}")
    if not issues:
        lines.append("no problems found")

    text = "\n".join(lines)
    print(text)
    if args.save:
        args.save.write_text(text + "\n", encoding="utf-8")
        LOG.info("saved report to %s", args.save)
    return 2 if issues else 0


if __name__ == "__main__":
    raise SystemExit(main())
