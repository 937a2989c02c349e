#!/usr/bin/env python3
"""Van route sync client for the workroom dispatch board.

Pulls today's fitting and collection stops for one van from the dispatch
server, writes them to routes/<van>-<date>.json for the sat-nav exporter,
and sends a small heartbeat so the office can see the van is online
while the fitters are out.

Usage:
    route_client.py --van VAN2 [--date 2024-05-14] [--no-live]
"""
import argparse
import datetime as dt
import json
import logging
import os
import socket
import struct
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("route-client")

DEFAULT_HOST = os.environ.get("DISPATCH_HOST", "203.0.113.40")
DEFAULT_PORT = int(os.environ.get("DISPATCH_PORT", "4470"))
ROUTE_DIR = Path("routes")
MAX_FRAME = 4 * 1024 * 1024


def _recv_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("dispatch closed the connection")
        buf += chunk
    return buf


def send_frame(sock, payload):
    body = json.dumps(payload).encode("utf-8")
    sock.sendall(struct.pack("!I", len(body)) + body)


def recv_frame(sock):
    (size,) = struct.unpack("!I", _recv_exact(sock, 4))
    if size > MAX_FRAME:
        raise ValueError(f"frame too large: {size} bytes")
    return json.loads(_recv_exact(sock, size).decode("utf-8"))


def fetch_routes(host, port, van_id, day, retries=3):
    """Ask dispatch for the day's stops, retrying with a short back-off."""
    last_error = None
    for attempt in range(1, retries + 1):
        try:
            with socket.create_connection((host, port), timeout=10) as s:
                send_frame(s, {"op": "routes", "van": van_id, "date": day})
                reply = recv_frame(s)
            if reply.get("status") != "ok":
                raise RuntimeError(reply.get("error", "dispatch returned an error"))
            return reply
        except (OSError, ValueError, RuntimeError) as exc:
            last_error = exc
            LOG.warning("attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(2 * attempt)
    raise SystemExit(f"could not reach dispatch at {host}:{port}: {last_error}")


def write_route(van_id, day, reply):
    ROUTE_DIR.mkdir(exist_ok=True)
    stops = sorted(reply.get("stops", []), key=lambda s: s.get("window_start", ""))
    for n, stop in enumerate(stops, 1):
        stop["seq"] = n
        stop.setdefault("job_type", "fit")
    out = ROUTE_DIR / f"{van_id}-{day}.json"
    out.write_text(json.dumps({"van": van_id, "date": day, "stops": stops}, indent=2))
    LOG.info("wrote %d stops to %s", len(stops), out)
    return out


def summarise(path):
    data = json.loads(path.read_text())
    for stop in data["stops"]:
        print(f'{stop["seq"]:>2}  {stop.get("window_start", "--:--")}  '
              f'{stop.get("job_type", ""):<8} {stop.get("customer", "?"):<24} '
              f'{stop.get("postcode", "")}')
    return len(data["stops"])


class LiveChannel(threading.Thread):
    """Keeps the van visible on the dispatch board while the fitter is out."""

    interval = 30

    def __init__(self, host, port, van_id, stop_count):
        super().__init__(name="live-channel", daemon=True)
        self.addr = (host, port)
        self.van_id = van_id
        self.stop_count = stop_count
        self.stopped = threading.Event()

    def _beat(self):
        with socket.create_connection(self.addr, timeout=10) as conn:
            send_frame(conn, {
                "op": "heartbeat",
                "van": self.van_id,
                "stops": self.stop_count,
                "ts": int(time.time()),
            })
            ack = recv_frame(conn)
            if ack.get("status") != "ok":
                LOG.debug("heartbeat not acknowledged: %s", ack)

    def run(self):
        while not self.stopped.is_set():
            try:
                self._beat()
            except (OSError, ValueError) as exc:
                LOG.debug("heartbeat failed: %s", exc)
            self.stopped.wait(self.interval)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Sync van routes from dispatch")
    p.add_argument("--van", required=True, help="van identifier, e.g. VAN2")
    p.add_argument("--date", default=dt.date.today().isoformat())
    p.add_argument("--host", default=DEFAULT_HOST)
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--no-live", dest="live", action="store_false",
                   help="do not send heartbeats")
    p.add_argument("--minutes", type=int, default=480,
                   help="how long to keep sending heartbeats")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    reply = fetch_routes(args.host, args.port, args.van, args.date)
    path = write_route(args.van, args.date, reply)
    count = summarise(path)
    if args.live:
        channel = LiveChannel(args.host, args.port, args.van, count)
        channel.start()
        LOG.info("heartbeats running for %s for %d minutes", args.van, args.minutes)
        try:
            time.sleep(args.minutes * 60)
        except KeyboardInterrupt:
            pass
        channel.stopped.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
