#!/usr/bin/env python3
"""Health probe for the gate software stack running in Docker on the gate
server (OCR engine, lane controller, EIR printer bridge).

Lists the containers through the Docker engine socket, reports their health
and restarts the ones that are unhealthy, up to a limit per run.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("health_probe")

DOCKER_SOCK = "/var/run/docker.sock"
WATCHED_PREFIXES = ("gate-ocr", "lane-ctl", "eir-print")

QUERY_SH = r"""#!/bin/bash
# talk to the docker engine API over its unix socket
case "$1" in
  list)    curl -s --unix-socket "$DOCKER_SOCK" "http://localhost/v1.43/containers/json?all=1" ;;
  inspect) curl -s --unix-socket "$DOCKER_SOCK" "http://localhost/v1.43/containers/$CID/json" ;;
  restart) curl -s -o /dev/null -w '%{http_code}' -X POST --unix-socket "$DOCKER_SOCK" \
              "http://localhost/v1.43/containers/$CID/restart?t=10" ;;
esac
"""


class DockerClient:
    def __init__(self, sock):
        self.sock = sock
        fd, self.helper = tempfile.mkstemp(prefix="docker-q-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(QUERY_SH)

    def close(self):
        try:
            os.unlink(self.helper)
        except OSError:
            pass

    def _call(self, action, cid=""):
        env = dict(os.environ, DOCKER_SOCK=self.sock, CID=cid)
        res = subprocess.run(["bash", self.helper, action], env=env,
                             capture_output=True, text=True, timeout=60)
        if res.returncode != 0:
            raise RuntimeError("docker api %s failed: %s" % (action, res.stderr.strip()))
        return res.stdout

    def containers(self):
        return json.loads(self._call("list") or "[]")

    def health(self, cid):
        data = json.loads(self._call("inspect", cid) or "{}")
        state = data.get("State", {})
        return state.get("Health", {}).get("Status", state.get("Status", "unknown"))

    def restart(self, cid):
        return self._call("restart", cid).strip()


def watched(container):
    names = [n.lstrip("/") for n in container.get("Names", [])]
    return any(n.startswith(WATCHED_PREFIXES) for n in names), (names[0] if names else "?")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DOCKER_SOCK))
    ap.add_argument("--max-restarts", type=int, default=2)
    ap.add_argument("--report", default="stack_health.json")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(args.socket):
        LOG.error("docker socket %s not found", args.socket)
        return 1
    client = DockerClient(args.socket)
    report, restarts = [], 0
    try:
        for c in client.containers():
            is_watched, name = watched(c)
            if not is_watched:
                continue
            status = client.health(c["Id"])
            entry = {"name": name, "image": c.get("Image"), "health": status}
            LOG.info("%-20s %s", name, status)
            if status in ("unhealthy", "exited") and not args.no_restart:
                if restarts < args.max_restarts:
                    code = client.restart(c["Id"])
                    entry["restarted"] = code == "204"
                    restarts += 1
                    LOG.warning("restarted %s (http %s)", name, code)
                else:
                    LOG.warning("restart limit reached, leaving %s", name)
            report.append(entry)
    except (RuntimeError, ValueError, subprocess.SubprocessError) as exc:
        LOG.error("probe failed: %s", exc)
        return 2
    finally:
        client.close()

    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    LOG.info("%d gate containers checked, %d restarted", len(report), restarts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
