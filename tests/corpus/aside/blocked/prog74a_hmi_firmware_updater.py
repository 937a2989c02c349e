#!/usr/bin/env python3
"""Fetch and stage firmware bundles for the line HMI panels.

Reads the panel models and update server from hmi_update.ini, pulls the
release manifest, downloads each bundle, checks its digest, unpacks it into
the staging tree and runs the release's post-install steps so the bundle is
ready to be pushed to the panels during the next maintenance window.
"""
import argparse
import configparser
import hashlib
import http.client
import json
import logging
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("hmi-update")

DEFAULT_CONFIG = "hmi_update.ini"
CHUNK = 64 * 1024


class UpdateServer:
    """Minimal client for the vendor's release server."""

    def __init__(self, base_url, timeout=30, retries=3):
        parts = urlsplit(base_url)
        self.scheme = parts.scheme or "https"
        self.host = parts.hostname
        self.port = parts.port
        self.prefix = parts.path.rstrip("/")
        self.timeout = timeout
        self.retries = retries

    def _conn(self):
        if self.scheme == "https":
            return http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        return http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)

    def get(self, path):
        last = None
        for attempt in range(1, self.retries + 1):
            conn = self._conn()
            try:
                conn.request("GET", f"{self.prefix}/{path.lstrip('/')}",
                             headers={"User-Agent": "hmi-update/1.4"})
                resp = conn.getresponse()
                body = resp.read()
                if resp.status == 200:
                    return body
                last = RuntimeError(f"GET {path}: HTTP {resp.status}")
            except (OSError, http.client.HTTPException) as exc:
                last = exc
            finally:
                conn.close()
            log.warning("attempt %d/%d for %s failed: %s", attempt, self.retries, path, last)
            time.sleep(2 * attempt)
        raise last

    def fetch_to(self, path, dest):
        data = self.get(path)
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
        return dest


class ReleaseSteps:
    """Runs the per-release steps a bundle declares in the manifest."""

    runners = {".sh": ["/bin/sh"], ".py": [sys.executable]}

    def __init__(self, server, workdir):
        self.server = server
        self.workdir = workdir

    def run(self, release, stage_dir):
        for step in release.get("post_install", []):
            local = self.server.fetch_to(step, self.workdir / "steps" / Path(step).name)
            runner = self.runners.get(local.suffix, ["/bin/sh"])
            log.info("running post-install step %s for %s", local.name, release["model"])
            subprocess.run(runner + [str(local)], cwd=stage_dir, check=True,
                           env={**os.environ, "HMI_STAGE_DIR": str(stage_dir)})


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def unpack(bundle, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        tar.extractall(dest)
    log.info("unpacked %s into %s", bundle.name, dest)


def load_settings(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"cannot read config {path}")
    server = cfg.get("server", "url")
    models = [m.strip() for m in cfg.get("panels", "models").split(",") if m.strip()]
    workdir = Path(cfg.get("paths", "workdir", fallback="./hmi-staging"))
    channel = cfg.get("server", "channel", fallback="stable")
    return server, models, workdir, channel


def stage_release(server, release, workdir):
    name = release["bundle"]
    bundle = server.fetch_to(name, workdir / "downloads" / Path(name).name)
    digest = sha256_of(bundle)
    if digest != release["sha256"]:
        bundle.unlink(missing_ok=True)
        raise ValueError(f"digest mismatch for {name}: {digest}")
    stage_dir = workdir / "stage" / release["model"] / release["version"]
    unpack(bundle, stage_dir)
    (stage_dir / "RELEASE.json").write_text(json.dumps(release, indent=2))
    return stage_dir


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--model", action="append", help="limit to these panel models")
    ap.add_argument("--skip-post-install", action="store_true",
                    help="stage bundles only, do not run release steps")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    url, models, workdir, channel = load_settings(args.config)
    if args.model:
        models = [m for m in models if m in args.model]
    server = UpdateServer(url)
    steps = ReleaseSteps(server, workdir)

    manifest = json.loads(server.get(f"manifest/{channel}.json"))
    failures = 0
    for release in manifest.get("releases", []):
        if release.get("model") not in models:
            continue
        try:
            stage_dir = stage_release(server, release, workdir)
            if not args.skip_post_install:
                steps.run(release, stage_dir)
            log.info("staged %s %s at %s", release["model"], release["version"], stage_dir)
        except (OSError, ValueError, KeyError, tarfile.TarError,
                subprocess.CalledProcessError) as exc:
            failures += 1
            log.error("release %s failed: %s", release.get("bundle"), exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
