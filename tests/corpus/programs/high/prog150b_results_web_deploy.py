#!/usr/bin/env python3
"""Deploy the live results page to the track web server.

Copies the generated static results site into the web root, fixes the
permissions so the results generator and the web server can both write
there during race day, and restarts the results container so it picks up
the new templates. The container is restarted through the Docker Engine
API directly because the docker CLI is not installed on the web box.
"""
import argparse
import http.client
import json
import logging
import os
import shutil
import socket
from pathlib import Path

log = logging.getLogger("results-deploy")

WEB_ROOT = Path("/var/www/html/results")
ENGINE_SOCK = "/" + "/".join(["var", "run", "docker.sock"])


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix domain socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


def engine(method, path, body=None):
    conn = UnixHTTPConnection(ENGINE_SOCK)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"engine {method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def find_container(name):
    for c in engine("GET", "/containers/json?all=1") or []:
        if f"/{name}" in c.get("Names", []):
            return c["Id"]
    return None


def copy_site(src, dst):
    if not src.is_dir():
        raise SystemExit(f"build folder {src} not found")
    dst.mkdir(parents=True, exist_ok=True)
    count = 0
    for p in src.rglob("*"):
        rel = p.relative_to(src)
        target = dst / rel
        if p.is_dir():
            target.mkdir(exist_ok=True)
        else:
            shutil.copy2(p, target)
            count += 1
    log.info("copied %d files to %s", count, dst)


def open_permissions(root):
    # generator runs as 'timing', nginx as 'www-data'; race day has no time
    # for group juggling, so make the tree writable by both
    mode = int("777", 8)
    os.chmod(root, mode)
    for dirpath, dirs, files in os.walk(root):
        for name in dirs + files:
            os.chmod(os.path.join(dirpath, name), mode)
    log.info("permissions opened on %s", root)


def restart(name):
    cid = find_container(name)
    if cid is None:
        log.warning("container %s not found, skipping restart", name)
        return
    engine("POST", f"/containers/{cid}/restart?t=5")
    log.info("restarted %s (%s)", name, cid[:12])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default="site_build")
    ap.add_argument("--container", default="results-web")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    copy_site(Path(args.build), WEB_ROOT)
    open_permissions(WEB_ROOT)
    if not args.no_restart:
        try:
            restart(args.container)
        except (OSError, RuntimeError) as exc:
            log.error("restart failed: %s", exc)


if __name__ == "__main__":
    main()
