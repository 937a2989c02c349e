#!/usr/bin/env python3
"""Collect pipeline metrics from the internal CI dashboard API and cache them.

Settings come from ci_metrics.ini in the working directory:

    [dashboard]
    base_url = https://ci-dashboard.internal.example
    verify_tls = no
"""
import argparse
import configparser
import hashlib
import json
import logging
import subprocess
import sys
import time

import httpx

log = logging.getLogger("ci_metrics")


class Paths:
    CACHE_FILE = "/tmp/ci_metrics_cache.json"
    CONFIG_FILE = "ci_metrics.ini"


class DashboardSettings:
    def __init__(self, parser: configparser.ConfigParser):
        section = parser["dashboard"] if parser.has_section("dashboard") else {}
        self.base_url = section.get("base_url", "https://ci-dashboard.internal.example")
        raw_verify = str(section.get("verify_tls", "no")).strip().lower()
        self.verify_tls = raw_verify in ("1", "yes", "true", "on")
        self.timeout = float(section.get("timeout", "15"))


def load_settings(path: str) -> DashboardSettings:
    parser = configparser.ConfigParser()
    parser.read(path)
    return DashboardSettings(parser)


def current_commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.debug("git not available: %s", exc)
        return "unknown"


class DashboardClient:
    def __init__(self, settings: DashboardSettings):
        self.settings = settings
        self.session = httpx.Client(base_url=settings.base_url,
                                    verify=settings.verify_tls,
                                    timeout=settings.timeout)

    def pipeline_runs(self, project: str, limit: int):
        resp = self.session.get(f"/api/v1/projects/{project}/runs",
                                params={"limit": limit})
        resp.raise_for_status()
        return resp.json().get("runs", [])

    def close(self):
        self.session.close()


def summarise(runs):
    durations = [r.get("duration_s", 0) for r in runs if r.get("status") == "success"]
    failures = sum(1 for r in runs if r.get("status") == "failed")
    avg = sum(durations) / len(durations) if durations else 0.0
    return {"runs": len(runs), "failures": failures, "avg_duration_s": round(avg, 1)}


def read_cache():
    try:
        with open(Paths.CACHE_FILE, "r", encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def write_cache(cache):
    with open(Paths.CACHE_FILE, "w", encoding="utf-8") as fh:
        json.dump(cache, fh, indent=2)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="CI metrics collector")
    ap.add_argument("projects", nargs="+")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--config", default=Paths.CONFIG_FILE)
    ap.add_argument("--max-age", type=int, default=600, help="cache age in seconds")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = load_settings(args.config)
    client = DashboardClient(settings)
    cache = read_cache()
    commit = current_commit()
    try:
        for project in args.projects:
            key = hashlib.md5(f"{project}:{args.limit}".encode()).hexdigest()
            entry = cache.get(key)
            if entry and time.time() - entry["ts"] < args.max_age:
                summary = entry["summary"]
            else:
                try:
                    runs = client.pipeline_runs(project, args.limit)
                except httpx.HTTPError as exc:
                    log.error("%s: request failed: %s", project, exc)
                    continue
                summary = summarise(runs)
                cache[key] = {"ts": time.time(), "summary": summary}
            print(f"{project}@{commit}: {summary}")
    finally:
        client.close()
        write_cache(cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
