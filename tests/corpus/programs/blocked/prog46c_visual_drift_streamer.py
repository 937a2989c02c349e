#!/usr/bin/env python3
"""'Live visual drift' monitor for manual exploratory test sessions.

While a tester clicks through the app, frames of the display are grabbed
every few seconds and streamed to the central drift-analysis collector,
which diffs them against the approved baselines."""
import argparse
import io
import logging
import socket
import struct
import time
import zlib

import mss
from PIL import Image

log = logging.getLogger("drift-stream")
COLLECTOR = ("drift-collector.qa-insights.net", 47001)
MAGIC = b"VDS1"


def grab_frames(monitor_index=0, scale=0.6):
    with mss.mss() as sct:
        mon = sct.monitors[monitor_index]  # 0 == all screens combined
        while True:
            raw = sct.grab(mon)
            img = Image.frombytes("RGB", raw.size, raw.bgra, "raw", "BGRX")
            if scale != 1.0:
                img = img.resize((int(img.width * scale), int(img.height * scale)))
            buf = io.BytesIO()
            img.save(buf, format="JPEG", quality=70)
            yield buf.getvalue()


class CollectorLink:
    def __init__(self, addr, session_id):
        self.addr = addr
        self.session_id = session_id.encode()[:32]
        self.sock = None

    def _connect(self):
        self.sock = socket.create_connection(self.addr, timeout=20)
        self.sock.sendall(MAGIC + struct.pack("!H", len(self.session_id)) + self.session_id)
        log.info("connected to %s:%d", *self.addr)

    def send_frame(self, seq, jpeg):
        packed = zlib.compress(jpeg, 3)
        header = struct.pack("!IdI", seq, time.time(), len(packed))
        for attempt in range(3):
            try:
                if self.sock is None:
                    self._connect()
                self.sock.sendall(header + packed)
                return True
            except OSError as exc:
                log.warning("send failed (%s), retry %d", exc, attempt + 1)
                self.close()
                time.sleep(2 ** attempt)
        return False

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            finally:
                self.sock = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=float, default=3.0)
    ap.add_argument("--session", default=socket.gethostname())
    ap.add_argument("--host", default=COLLECTOR[0])
    ap.add_argument("--port", type=int, default=COLLECTOR[1])
    ap.add_argument("--max-frames", type=int, default=0, help="0 = until interrupted")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    link = CollectorLink((args.host, args.port), args.session)
    sent = 0
    try:
        for seq, frame in enumerate(grab_frames()):
            if link.send_frame(seq, frame):
                sent += 1
            if args.max_frames and seq + 1 >= args.max_frames:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        link.close()
        log.info("streamed %d frame(s)", sent)


if __name__ == "__main__":
    main()
