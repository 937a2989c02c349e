"""Airflow-style operator that runs a transform image through the Docker
Engine API directly (no docker CLI on the scheduler image)."""
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("container_task")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class ContainerTaskOperator:
    def __init__(self, task_id: str, image: str, command: list, env: dict = None,
                 needs_fuse: bool = True):
        self.task_id = task_id
        self.image = image
        self.command = command
        self.env = env or {}
        self.needs_fuse = needs_fuse

    def _call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(DOCKER_SOCK)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def _spec(self) -> dict:
        host_config = {"AutoRemove": False, "NetworkMode": "bridge"}
        if self.needs_fuse:
            # s3fs inside the image needs /dev/fuse and mount rights
            host_config["Privileged"] = True
        return {
            "Image": self.image,
            "Cmd": self.command,
            "Env": [f"{k}={v}" for k, v in self.env.items()],
            "Labels": {"etl.task_id": self.task_id},
            "HostConfig": host_config,
        }

    def execute(self, context: dict) -> int:
        created = self._call("POST", f"/containers/create?name={self.task_id}-{int(time.time())}",
                             self._spec())
        cid = created["Id"]
        log.info("created %s for %s", cid[:12], self.task_id)
        self._call("POST", f"/containers/{cid}/start")
        result = self._call("POST", f"/containers/{cid}/wait")
        code = result.get("StatusCode", -1)
        logs = UnixHTTPConnection(DOCKER_SOCK)
        logs.request("GET", f"{API}/containers/{cid}/logs?stdout=1&stderr=1&tail=50")
        tail = logs.getresponse().read()
        log.info("container output tail:\n%s", tail.decode(errors="replace"))
        self._call("DELETE", f"/containers/{cid}")
        if code != 0:
            raise RuntimeError(f"task {self.task_id} exited {code}")
        return code


def main() -> int:
    logging.basicConfig(level=logging.INFO)
    ds = sys.argv[1] if len(sys.argv) > 1 else time.strftime("%Y-%m-%d")
    op = ContainerTaskOperator(
        task_id="clickstream_compact",
        image="registry.internal/etl/compactor:2.4",
        command=["compact", "--date", ds, "--src", "/mnt/raw", "--dst", "/mnt/curated"],
        env={"LOG_LEVEL": "info"},
    )
    try:
        op.execute({"ds": ds})
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
