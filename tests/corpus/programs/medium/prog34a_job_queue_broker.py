#!/usr/bin/env python3
"""Minimal job-queue broker over TCP (JSON lines).

Producers send {"op": "put", "queue": "...", "job": {...}}, workers send
{"op": "get", "queue": "..."} and {"op": "ack", "id": N}.  Unacked jobs
are re-queued after a visibility timeout.  Queue state is snapshotted to
./broker_state.pkl so a restart does not lose jobs.
"""
import argparse
import asyncio
import collections
import itertools
import json
import logging
import os
import pickle
import time

log = logging.getLogger("broker")

STATE_FILE = "broker_state.pkl"


class Broker:
    def __init__(self, visibility=60.0):
        self.queues = collections.defaultdict(collections.deque)
        self.inflight = {}
        self.ids = itertools.count(1)
        self.visibility = visibility

    # persistence -------------------------------------------------------
    def snapshot(self, path=STATE_FILE):
        tmp = path + ".new"
        with open(tmp, "wb") as fh:
            pickle.dump({"queues": dict(self.queues),
                         "inflight": self.inflight,
                         "next": next(self.ids)}, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)

    def restore(self, path=STATE_FILE):
        if not os.path.exists(path):
            return
        with open(path, "rb") as fh:
            state = pickle.load(fh)
        for name, items in state["queues"].items():
            self.queues[name].extend(items)
        for jid, (queue, job, _deadline) in state["inflight"].items():
            self.queues[queue].appendleft((jid, job))
        self.ids = itertools.count(state["next"])
        log.info("restored %d queues from %s", len(state["queues"]), path)

    # operations --------------------------------------------------------
    def put(self, queue, job):
        jid = next(self.ids)
        self.queues[queue].append((jid, job))
        return {"ok": True, "id": jid}

    def get(self, queue):
        if not self.queues[queue]:
            return {"ok": True, "job": None}
        jid, job = self.queues[queue].popleft()
        self.inflight[jid] = (queue, job, time.monotonic() + self.visibility)
        return {"ok": True, "id": jid, "job": job}

    def ack(self, jid):
        return {"ok": self.inflight.pop(jid, None) is not None}

    def requeue_expired(self):
        now = time.monotonic()
        expired = [j for j, (_, _, d) in self.inflight.items() if d < now]
        for jid in expired:
            queue, job, _ = self.inflight.pop(jid)
            self.queues[queue].appendleft((jid, job))
        return len(expired)

    def dispatch(self, msg):
        op = msg.get("op")
        if op == "put":
            return self.put(msg["queue"], msg["job"])
        if op == "get":
            return self.get(msg["queue"])
        if op == "ack":
            return self.ack(int(msg["id"]))
        if op == "stats":
            return {"ok": True, "depth": {q: len(d) for q, d in self.queues.items()},
                    "inflight": len(self.inflight)}
        return {"ok": False, "error": f"unknown op {op!r}"}


async def client_loop(broker, reader, writer):
    peer = writer.get_extra_info("peername")
    while line := await reader.readline():
        try:
            reply = broker.dispatch(json.loads(line))
        except (ValueError, KeyError, TypeError) as exc:
            reply = {"ok": False, "error": str(exc)}
        writer.write(json.dumps(reply).encode() + b"\n")
        await writer.drain()
    log.debug("client %s gone", peer)
    writer.close()


async def housekeeping(broker, every):
    while True:
        await asyncio.sleep(every)
        n = broker.requeue_expired()
        if n:
            log.info("requeued %d expired jobs", n)
        broker.snapshot()


async def serve(args):
    broker = Broker(args.visibility)
    broker.restore()
    server = await asyncio.start_server(
        lambda r, w: client_loop(broker, r, w), "127.0.0.1", args.port)
    keeper = asyncio.create_task(housekeeping(broker, args.snapshot_every))
    log.info("broker listening on 127.0.0.1:%d", args.port)
    try:
        async with server:
            await server.serve_forever()
    finally:
        keeper.cancel()
        broker.snapshot()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=7400)
    ap.add_argument("--visibility", type=float, default=60.0)
    ap.add_argument("--snapshot-every", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
