#!/usr/bin/env python3
"""
Inspect (and optionally requeue) failed RQ jobs straight from Redis.

rq-dashboard is not deployed on the worker hosts, and `rq info` only gives
counts, so this reads the failed-job registries directly and prints what
each job was called with and why it failed.

    rq_failed.py --queue emails                 # list
    rq_failed.py --queue emails --show 3f2a...  # full detail for one job
    rq_failed.py --queue emails --requeue-all --older-than 600
"""
import argparse
import logging
import os
import pickle
import sys
import time
import zlib
from datetime import datetime, timezone

import redis

log = logging.getLogger("rq_failed")


class FailedJob:
    __slots__ = ("id", "status", "origin", "created", "ended", "exc", "func", "args", "kwargs")

    def __init__(self, job_id, fields):
        self.id = job_id
        get = lambda k: fields.get(k.encode(), b"").decode("utf-8", "replace")
        self.status = get("status")
        self.origin = get("origin")
        self.created = get("created_at")
        self.ended = get("ended_at")
        raw_exc = fields.get(b"exc_info", b"")
        self.exc = self._maybe_inflate(raw_exc).decode("utf-8", "replace")
        self.func, self.args, self.kwargs = self._decode_call(fields.get(b"data"))

    @staticmethod
    def _maybe_inflate(blob):
        try:
            return zlib.decompress(blob)
        except zlib.error:
            return blob

    @classmethod
    def _decode_call(cls, blob):
        if not blob:
            return "?", (), {}
        payload = pickle.loads(cls._maybe_inflate(blob))
        func, _instance, args, kwargs = payload
        return func, args, kwargs

    def last_error_line(self):
        lines = [l for l in self.exc.strip().splitlines() if l.strip()]
        return lines[-1] if lines else ""


def failed_ids(r, queue, older_than):
    key = "rq:failed:%s" % queue
    cutoff = time.time() - older_than if older_than else "+inf"
    return [i.decode() for i in r.zrangebyscore(key, "-inf", cutoff)]


def load_job(r, job_id):
    fields = r.hgetall("rq:job:%s" % job_id)
    if not fields:
        return None
    return FailedJob(job_id, fields)


def requeue(r, queue, job):
    pipe = r.pipeline()
    pipe.zrem("rq:failed:%s" % queue, job.id)
    pipe.hset("rq:job:%s" % job.id, mapping={"status": "queued", "exc_info": ""})
    pipe.rpush("rq:queue:%s" % queue, job.id)
    pipe.execute()
    log.info("requeued %s", job.id)


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("--url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    ap.add_argument("--queue", default="default")
    ap.add_argument("--show", metavar="JOB_ID")
    ap.add_argument("--requeue-all", action="store_true")
    ap.add_argument("--older-than", type=int, default=0, help="seconds")
    ap.add_argument("--limit", type=int, default=50)
    opts = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    r = redis.Redis.from_url(opts.url)
    try:
        r.ping()
    except redis.RedisError as err:
        log.error("cannot reach redis at %s: %s", opts.url, err)
        return 1

    if opts.show:
        job = load_job(r, opts.show)
        if job is None:
            log.error("no such job %s", opts.show)
            return 1
        print("job      %s (%s, queue %s)" % (job.id, job.status, job.origin))
        print("created  %s   ended %s" % (job.created, job.ended))
        print("call     %s(*%r, **%r)" % (job.func, job.args, job.kwargs))
        print(job.exc)
        return 0

    ids = failed_ids(r, opts.queue, opts.older_than)
    print("%d failed job(s) in %s (%s)" % (len(ids), opts.queue,
                                          datetime.now(timezone.utc).isoformat(timespec="seconds")))
    for job_id in ids[: opts.limit]:
        job = load_job(r, job_id)
        if job is None:
            continue
        print("%-36s %-28s %s" % (job.id, str(job.func)[:28], job.last_error_line()[:80]))
        if opts.requeue_all:
            requeue(r, opts.queue, job)
    return 0


if __name__ == "__main__":
    sys.exit(main())
