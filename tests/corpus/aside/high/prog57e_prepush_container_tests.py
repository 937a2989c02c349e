#!/usr/bin/env python3
"""pre-push hook: run the integration suite in a throwaway container.

Talks to the Docker Engine API directly so the hook has no dependency on the
docker CLI or docker-py being installed in every developer virtualenv.
The suite needs a privileged container because it starts its own
dockerd + kind cluster (docker-in-docker).
"""
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("pre-push")
SOCKET_PATH = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("ITEST_IMAGE", "registry.acme.dev/ci/itest-runner:2024.05")
TIMEOUT_S = int(os.environ.get("ITEST_TIMEOUT", "900"))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


def engine(method: str, url: str, body: dict | None = None, raw: bool = False):
    conn = UnixHTTPConnection(SOCKET_PATH)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, f"/v1.43{url}", body=json.dumps(body) if body else None,
                 headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
    return data if raw else (json.loads(data) if data else {})


def create_runner(workdir: str) -> str:
    spec = {
        "Image": IMAGE,
        "Cmd": ["make", "itest"],
        "WorkingDir": "/src",
        "Env": ["CI=1", f"GIT_SHA={os.environ.get('PRE_PUSH_SHA', 'HEAD')}"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{workdir}:/src:ro"],
            "AutoRemove": False,
        },
    }
    created = engine("POST", "/containers/create?name=itest-prepush-%d" % os.getpid(), spec)
    return created["Id"]


def wait_for(cid: str) -> int:
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        state = engine("GET", f"/containers/{cid}/json")["State"]
        if not state["Running"]:
            return state["ExitCode"]
        time.sleep(3)
    engine("POST", f"/containers/{cid}/kill")
    raise TimeoutError(f"integration tests exceeded {TIMEOUT_S}s")


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="pre-push: %(message)s")
    if os.environ.get("SKIP_ITEST"):
        log.info("SKIP_ITEST set; not running integration tests")
        return 0
    if not os.path.exists(SOCKET_PATH):
        log.warning("no docker socket at %s; skipping integration tests", SOCKET_PATH)
        return 0
    cid = create_runner(os.getcwd())
    try:
        engine("POST", f"/containers/{cid}/start")
        log.info("running integration tests in %s (%s)", cid[:12], IMAGE)
        code = wait_for(cid)
        logs = engine("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=80", raw=True)
        sys.stderr.write(logs.decode("utf-8", "replace"))
    except (RuntimeError, TimeoutError, OSError) as exc:
        log.error("%s", exc)
        code = 1
    finally:
        engine("DELETE", f"/containers/{cid}?force=1")
    if code:
        log.error("integration tests failed (exit %d); push aborted", code)
    return 1 if code else 0


if __name__ == "__main__":
    sys.exit(main())
