#!/usr/bin/env python3
"""
Celery worker autoscaler for the single-host compose deployment.

Every POLL seconds it reads the backlog of each Celery queue from Redis and
starts or stops worker containers (cloned from the compose-managed
"worker" service) so that there is roughly one worker per
TASKS_PER_WORKER pending tasks, within MIN/MAX bounds.

Config: autoscaler.ini next to this file, section [autoscaler].
"""
import configparser
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

import redis

log = logging.getLogger("autoscaler")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local control socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = EngineConnection(self.path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, "/v1.43" + url, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self, label):
        flt = quote(json.dumps({"label": [label], "status": ["running"]}))
        return self.call("GET", "/containers/json?filters=" + flt)

    def inspect(self, cid):
        return self.call("GET", "/containers/%s/json" % cid)

    def clone(self, template, name, label):
        cfg = template["Config"]
        host = template["HostConfig"]
        spec = {
            "Image": cfg["Image"], "Cmd": cfg["Cmd"], "Env": cfg["Env"],
            "Labels": dict(cfg.get("Labels") or {}, **{label.split("=")[0]: label.split("=")[1]}),
            "HostConfig": {"NetworkMode": host["NetworkMode"], "Binds": host.get("Binds"),
                           "RestartPolicy": {"Name": "unless-stopped"}},
        }
        created = self.call("POST", "/containers/create?name=" + quote(name), spec)
        self.call("POST", "/containers/%s/start" % created["Id"])
        return created["Id"]

    def stop_and_remove(self, cid):
        self.call("POST", "/containers/%s/stop?t=60" % cid)
        self.call("DELETE", "/containers/%s" % cid)


def load_config():
    cp = configparser.ConfigParser()
    cp.read_dict({"autoscaler": {
        "socket": "/var/run/docker.sock", "redis_url": "redis://127.0.0.1:6379/0",
        "queues": "celery,default,high", "template": "app-worker-1",
        "label": "autoscaler.pool=celery", "tasks_per_worker": "50",
        "min_workers": "1", "max_workers": "8", "poll": "30",
    }})
    cp.read(Path(__file__).with_name("autoscaler.ini"))
    return cp["autoscaler"]


def backlog(r, queues):
    return sum(r.llen(q) for q in queues)


def reconcile(engine, cfg, r):
    queues = [q.strip() for q in cfg["queues"].split(",") if q.strip()]
    pending = backlog(r, queues)
    running = engine.containers(cfg["label"])
    per = cfg.getint("tasks_per_worker")
    want = max(cfg.getint("min_workers"), min(cfg.getint("max_workers"), -(-pending // per)))
    extra = len(running)
    log.info("backlog=%d clones=%d want=%d", pending, extra, want)
    if want > extra + 1:
        template = engine.inspect(cfg["template"])
        for i in range(want - extra - 1):
            name = "celery-auto-%d-%d" % (int(time.time()), i)
            cid = engine.clone(template, name, cfg["label"])
            log.info("started %s (%s)", name, cid[:12])
    elif want < extra + 1 and running:
        for c in sorted(running, key=lambda c: c["Created"])[: extra + 1 - want]:
            log.info("stopping %s", c["Names"][0])
            engine.stop_and_remove(c["Id"])


def main():
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO"),
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config()
    engine = Engine(cfg["socket"])
    r = redis.Redis.from_url(cfg["redis_url"])
    once = "--once" in sys.argv
    while True:
        try:
            reconcile(engine, cfg, r)
        except (OSError, RuntimeError, redis.RedisError) as err:
            log.error("reconcile failed: %s", err)
        if once:
            break
        time.sleep(cfg.getint("poll"))


if __name__ == "__main__":
    main()
