#!/usr/bin/env python3
"""Restart webcam transcoder containers whose streams have stalled.

Each public webcam is re-encoded by a container labelled
'rescue.stream=<camera>'. The transcoders write a heartbeat file into the
shared ./heartbeats directory; if a heartbeat is older than the threshold
the container is restarted through the Docker Engine API on the local
socket. The API calls are done with curl from a small generated script.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

log = logging.getLogger("transcoder-watch")

DOCKER_SOCK = "/var/run/docker.sock"

API_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
case "$API_ACTION" in
  list)
    curl -sS --unix-socket "$DOCKER_SOCK" \\
      -G 'http://localhost/v1.43/containers/json' \\
      --data-urlencode 'filters={"label":["rescue.stream"]}' ;;
  restart)
    curl -sS --unix-socket "$DOCKER_SOCK" -X POST -o /dev/null -w '%{http_code}' \\
      "http://localhost/v1.43/containers/$CONTAINER_ID/restart?t=10" ;;
  *) echo "unknown action $API_ACTION" >&2; exit 2 ;;
esac
"""


class DockerApi:
    def __init__(self, sock: str):
        self.sock = sock
        fd, path = tempfile.mkstemp(prefix="dockerapi_", suffix=".sh", dir=".")
        with os.fdopen(fd, "w") as fh:
            fh.write(API_SCRIPT)
        self.script = path

    def close(self):
        try:
            os.unlink(self.script)
        except OSError:
            pass

    def _call(self, action: str, **extra) -> str:
        env = dict(os.environ, DOCKER_SOCK=self.sock, API_ACTION=action, **extra)
        proc = subprocess.run(["bash", self.script], env=env, text=True,
                              capture_output=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"{action} failed")
        return proc.stdout

    def transcoders(self) -> dict:
        containers = json.loads(self._call("list"))
        return {c["Labels"]["rescue.stream"]: c for c in containers}

    def restart(self, container_id: str) -> bool:
        return self._call("restart", CONTAINER_ID=container_id).strip() == "204"


def stale_cameras(hb_dir: Path, threshold: int) -> dict:
    now = time.time()
    ages = {}
    for hb in hb_dir.glob("*.hb"):
        ages[hb.stem] = int(now - hb.stat().st_mtime)
    return {cam: age for cam, age in ages.items() if age > threshold}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--heartbeats", type=Path, default=Path("./heartbeats"))
    ap.add_argument("--threshold", type=int, default=120,
                    help="seconds without heartbeat before restart")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.socket).exists():
        log.error("docker socket %s not found", args.socket)
        return 1
    stale = stale_cameras(args.heartbeats, args.threshold)
    if not stale:
        log.info("all streams healthy")
        return 0

    api = DockerApi(args.socket)
    failures = 0
    try:
        running = api.transcoders()
        for cam, age in sorted(stale.items()):
            container = running.get(cam)
            if container is None:
                log.warning("%s stale for %ds but no transcoder found", cam, age)
                failures += 1
                continue
            name = container["Names"][0].lstrip("/")
            log.info("%s stale for %ds -> restarting %s", cam, age, name)
            if args.dry_run:
                continue
            if not api.restart(container["Id"]):
                log.error("restart of %s failed", name)
                failures += 1
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as exc:
        log.error("docker API error: %s", exc)
        return 1
    finally:
        api.close()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
