#!/usr/bin/env python3
"""Post a deployment annotation to Grafana after a Helm release.

Intended to run as the last step of the deploy pipeline (or as a Helm
post-upgrade hook image).  The Grafana service-account token is taken from
GRAFANA_API_TOKEN and is only ever sent to the Grafana instance configured
in GRAFANA_URL.
"""
import argparse
import logging
import os
import sys
import time

import requests

LOG = logging.getLogger("rollout-annotate")


class GrafanaClient:
    def __init__(self, base_url, token, timeout=10):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        })

    def health(self):
        resp = self.session.get(f"{self.base_url}/api/health", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def dashboard_uid_exists(self, uid):
        resp = self.session.get(f"{self.base_url}/api/dashboards/uid/{uid}", timeout=self.timeout)
        return resp.status_code == 200

    def annotate(self, text, tags, dashboard_uid=None, when_ms=None):
        payload = {
            "time": when_ms or int(time.time() * 1000),
            "tags": tags,
            "text": text,
        }
        if dashboard_uid:
            payload["dashboardUID"] = dashboard_uid
        resp = self.session.post(f"{self.base_url}/api/annotations", json=payload,
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("id")


def build_text(args):
    parts = [f"Deployed <b>{args.release}</b> {args.chart_version}"]
    if args.app_version:
        parts.append(f"app {args.app_version}")
    parts.append(f"to {args.namespace} on {args.cluster}")
    if args.change_url:
        parts.append(f'(<a href="{args.change_url}">change</a>)')
    return " ".join(parts)


def parse_args(argv):
    p = argparse.ArgumentParser(description="annotate Grafana with a deployment event")
    p.add_argument("--release", required=True)
    p.add_argument("--namespace", required=True)
    p.add_argument("--chart-version", required=True)
    p.add_argument("--app-version")
    p.add_argument("--cluster", default=os.environ.get("CLUSTER_NAME", "unknown"))
    p.add_argument("--change-url")
    p.add_argument("--dashboard-uid", action="append", default=[])
    p.add_argument("--tag", action="append", default=[])
    p.add_argument("--dry-run", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    base_url = os.environ.get("GRAFANA_URL")
    token = os.environ.get("GRAFANA_API_TOKEN")
    if not base_url or not token:
        LOG.error("GRAFANA_URL and GRAFANA_API_TOKEN must be set")
        return 2

    tags = ["deploy", f"release:{args.release}", f"ns:{args.namespace}",
            f"cluster:{args.cluster}"] + args.tag
    text = build_text(args)

    if args.dry_run:
        LOG.info("would annotate with tags=%s text=%s", tags, text)
        return 0

    grafana = GrafanaClient(base_url, token)
    try:
        LOG.info("grafana %s", grafana.health().get("version", "?"))
    except requests.RequestException as exc:
        LOG.warning("grafana health check failed (%s); continuing", exc)

    targets = args.dashboard_uid or [None]
    failures = 0
    for uid in targets:
        if uid and not grafana.dashboard_uid_exists(uid):
            LOG.warning("dashboard %s not found, skipping", uid)
            continue
        try:
            ann_id = grafana.annotate(text, tags, dashboard_uid=uid)
            LOG.info("annotation %s created%s", ann_id, f" on {uid}" if uid else "")
        except requests.RequestException as exc:
            failures += 1
            LOG.error("annotation failed: %s", exc)
    # Never fail the deploy because of an annotation.
    if failures:
        LOG.warning("%d of %d annotations failed", failures, len(targets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
