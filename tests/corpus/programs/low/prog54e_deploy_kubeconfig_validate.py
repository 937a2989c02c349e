#!/usr/bin/env python3
"""Validate the kubeconfig template kept under deploy/ in this repository.

The template is rendered by the release pipeline; before that happens we make
sure every context points at a declared cluster and user, that nobody pasted a
real token into it, and we write a short summary into build/.
"""
import argparse
import json
import logging
from collections import Counter
from pathlib import Path

import yaml

log = logging.getLogger("kubeconfig-validate")

SECRET_KEYS = ("token", "client-key-data", "password")
PLACEHOLDER_PREFIX = "${"


class KubeconfigTemplate:
    def __init__(self, path):
        self.path = Path(path)
        with self.path.open("r", encoding="utf-8") as stream:
            self.doc = yaml.safe_load(stream) or {}

    def _names(self, section):
        return {item.get("name") for item in self.doc.get(section, []) or []}

    def problems(self):
        clusters, users = self._names("clusters"), self._names("users")
        for ctx in self.doc.get("contexts", []) or []:
            body = ctx.get("context", {}) or {}
            if body.get("cluster") not in clusters:
                yield f"context {ctx.get('name')}: unknown cluster {body.get('cluster')}"
            if body.get("user") not in users:
                yield f"context {ctx.get('name')}: unknown user {body.get('user')}"
        for user in self.doc.get("users", []) or []:
            spec = user.get("user", {}) or {}
            for key in SECRET_KEYS:
                value = spec.get(key)
                if value and not str(value).startswith(PLACEHOLDER_PREFIX):
                    yield f"user {user.get('name')}: literal {key} instead of a placeholder"
        current = self.doc.get("current-context")
        if current and current not in self._names("contexts"):
            yield f"current-context {current} is not defined"

    def stats(self):
        auth_kinds = Counter()
        for user in self.doc.get("users", []) or []:
            spec = user.get("user", {}) or {}
            kind = "exec" if "exec" in spec else "token" if "token" in spec else "cert"
            auth_kinds[kind] += 1
        return {
            "clusters": len(self._names("clusters")),
            "contexts": len(self._names("contexts")),
            "users": len(self._names("users")),
            "auth_kinds": dict(auth_kinds),
        }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--template", default="deploy/kubeconfig.yaml")
    ap.add_argument("--out", default="build/kubeconfig-summary.json")
    ap.add_argument("--strict", action="store_true", help="non-zero exit on problems")
    opts = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        tmpl = KubeconfigTemplate(opts.template)
    except FileNotFoundError:
        log.error("template %s not found", opts.template)
        return 2
    except yaml.YAMLError as exc:
        log.error("cannot parse %s: %s", opts.template, exc)
        return 2

    issues = list(tmpl.problems())
    for issue in issues:
        log.warning(issue)
    summary = tmpl.stats()
    summary["issues"] = issues

    out = Path(opts.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n")
    log.info("wrote %s (%d issues)", out, len(issues))
    return 1 if (issues and opts.strict) else 0


if __name__ == "__main__":
    raise SystemExit(main())
