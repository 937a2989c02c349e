#!/usr/bin/env python3
"""Provision a shared kubeconfig for GKE clusters on a bastion host.

All operators on the bastion use /etc/kubernetes/gke.conf (root-owned,
group 'kubeops'); credentials come from the gke-gcloud-auth-plugin, so
the file itself contains only endpoints and CA data.
"""
import argparse
import grp
import logging
import os
import sys
import tempfile

import yaml
from google.api_core import exceptions as gexc
from google.cloud import container_v1

TARGET = "/etc/kubernetes/gke.conf"
log = logging.getLogger("gke-kubeconfig")


def cluster_entry(cluster, project, location):
    name = f"gke_{project}_{location}_{cluster.name}"
    return name, {
        "cluster": {"name": name, "cluster": {
            "server": f"https://{cluster.endpoint}",
            "certificate-authority-data": cluster.master_auth.cluster_ca_certificate,
        }},
        "user": {"name": name, "user": {"exec": {
            "apiVersion": "client.authentication.k8s.io/v1beta1",
            "command": "gke-gcloud-auth-plugin",
            "provideClusterInfo": True,
            "installHint": "apt-get install google-cloud-sdk-gke-gcloud-auth-plugin",
        }}},
        "context": {"name": name, "context": {"cluster": name, "user": name}},
    }


def build_config(client, project, locations):
    cfg = {"apiVersion": "v1", "kind": "Config", "clusters": [], "users": [],
           "contexts": [], "preferences": {}}
    for loc in locations:
        parent = f"projects/{project}/locations/{loc}"
        for cluster in client.list_clusters(parent=parent).clusters:
            name, entry = cluster_entry(cluster, project, loc)
            cfg["clusters"].append(entry["cluster"])
            cfg["users"].append(entry["user"])
            cfg["contexts"].append(entry["context"])
            log.info("added %s (%s)", name, cluster.current_master_version)
    if cfg["contexts"]:
        cfg["current-context"] = cfg["contexts"][0]["name"]
    return cfg


def install(cfg, target, group):
    gid = grp.getgrnam(group).gr_gid
    directory = os.path.dirname(target)
    os.makedirs(directory, mode=0o755, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".gke-")
    with os.fdopen(fd, "w") as fh:
        yaml.safe_dump(cfg, fh, default_flow_style=False)
    os.chown(tmp, 0, gid)
    os.chmod(tmp, 0o640)
    os.replace(tmp, target)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("project")
    ap.add_argument("--location", action="append", default=[],
                    help="region or zone; repeatable (default '-' = all)")
    ap.add_argument("--target", default=TARGET)
    ap.add_argument("--group", default="kubeops")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root to write %s", args.target)
        return 2
    client = container_v1.ClusterManagerClient()
    try:
        cfg = build_config(client, args.project, args.location or ["-"])
    except gexc.GoogleAPICallError as exc:
        log.error("GKE API error: %s", exc)
        return 1
    if not cfg["contexts"]:
        log.warning("no clusters found; leaving %s untouched", args.target)
        return 0
    try:
        install(cfg, args.target, args.group)
    except (KeyError, OSError) as exc:
        log.error("install failed: %s", exc)
        return 1
    log.info("wrote %d contexts to %s", len(cfg["contexts"]), args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
