#!/usr/bin/env python3
"""Probe web endpoints for missing HTTP security headers.

Reads a list of URLs (one per line) and issues a HEAD request to each,
falling back to GET when HEAD is not allowed. Missing or weak headers are
printed and, optionally, filed with the internal findings API.
"""

import argparse
import configparser
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

LOG = logging.getLogger("hdrprobe")

FINDINGS_API = "https://secops.internal.example.com/api/v2/findings"
USER_AGENT = "hdrprobe/1.4 (+security-team)"

EXPECTED = {
    "strict-transport-security": lambda v: "max-age=" in v.lower(),
    "content-security-policy": lambda v: "unsafe-inline" not in v,
    "x-content-type-options": lambda v: v.lower() == "nosniff",
    "x-frame-options": lambda v: v.upper() in ("DENY", "SAMEORIGIN"),
    "referrer-policy": lambda v: bool(v),
}
LEAKY = ("server", "x-powered-by", "x-aspnet-version")


def fetch_headers(url, timeout):
    for method in ("HEAD", "GET"):
        req = urllib.request.Request(url, method=method,
                                     headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.status, {k.lower(): v for k, v in resp.headers.items()}
        except urllib.error.HTTPError as err:
            if err.code == 405 and method == "HEAD":
                continue
            return err.code, {k.lower(): v for k, v in err.headers.items()}
    return None, {}


def evaluate(url, timeout):
    try:
        status, headers = fetch_headers(url, timeout)
    except (urllib.error.URLError, OSError) as exc:
        return {"url": url, "error": str(exc)}
    issues = []
    for name, check in EXPECTED.items():
        value = headers.get(name)
        if value is None:
            issues.append(f"missing {name}")
        elif not check(value):
            issues.append(f"weak {name}: {value}")
    for name in LEAKY:
        if name in headers:
            issues.append(f"discloses {name}: {headers[name]}")
    return {"url": url, "status": status, "issues": issues}


def file_findings(results, token, timeout):
    payload = {
        "source": "hdrprobe",
        "items": [r for r in results if r.get("issues")],
    }
    if not payload["items"]:
        LOG.info("nothing to file")
        return
    body = json.dumps(payload).encode("utf-8")
    req = urllib.request.Request(
        FINDINGS_API,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {token}",
            "User-Agent": USER_AGENT,
        },
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        LOG.info("findings API answered %s", resp.status)


def load_targets(path):
    with open(path, encoding="utf-8") as fh:
        return [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("targets", help="file with one URL per line")
    ap.add_argument("-c", "--config", default="hdrprobe.ini")
    ap.add_argument("--file-findings", action="store_true",
                    help="submit issues to the findings API")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    timeout = cfg.getfloat("probe", "timeout", fallback=8.0)
    workers = cfg.getint("probe", "workers", fallback=8)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        urls = load_targets(args.targets)
    except OSError as exc:
        LOG.error("cannot read targets: %s", exc)
        return 2

    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = list(pool.map(lambda u: evaluate(u, timeout), urls))

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for r in results:
            if "error" in r:
                print(f"[ERR ] {r['url']}: {r['error']}")
                continue
            tag = "PASS" if not r["issues"] else "FAIL"
            print(f"[{tag}] {r['url']} ({r['status']})")
            for issue in r["issues"]:
                print(f"       - {issue}")

    if args.file_findings:
        token = os.environ.get("SECOPS_API_TOKEN")
        if not token:
            LOG.error("SECOPS_API_TOKEN not set; skipping submission")
            return 1
        try:
            file_findings(results, token, timeout)
        except urllib.error.URLError as exc:
            LOG.error("submission failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
