#!/usr/bin/env python3
"""Mirror an HLS stream from the studio encoder to the local relay cache.

The studio encoder publishes HLS over HTTPS on the STL link. This mirror polls
the media playlist, fetches new segments into ./hls-cache/<stream>/ and
rewrites a local playlist so the relay's web server can serve listeners from
the cache. Old segments are trimmed to a fixed window.
"""

import argparse
import logging
import os
import sys
import time
import urllib.parse
from collections import deque
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("hls-mirror")


class EncoderSession(requests.Session):
    """Session for the studio encoder; its web UI ships a self-issued cert."""

    def __init__(self, user_agent):
        super().__init__()
        self.headers["User-Agent"] = user_agent
        self.verify = os.environ.get("ENCODER_CA_BUNDLE", False)
        if not self.verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def parse_playlist(text, base):
    seq, target, segs = 0, 6, []
    for line in text.splitlines():
        if line.startswith("#EXT-X-MEDIA-SEQUENCE:"):
            seq = int(line.split(":", 1)[1])
        elif line.startswith("#EXT-X-TARGETDURATION:"):
            target = int(line.split(":", 1)[1])
        elif line.startswith("#EXTINF:"):
            dur = float(line.split(":", 1)[1].split(",", 1)[0])
            segs.append([dur, None])
        elif line and not line.startswith("#") and segs and segs[-1][1] is None:
            segs[-1][1] = urllib.parse.urljoin(base, line)
    return seq, target, [(seq + i, d, u) for i, (d, u) in enumerate(segs)]


class Mirror:
    def __init__(self, url, out_dir, window, session):
        self.url = url
        self.out = Path(out_dir)
        self.out.mkdir(parents=True, exist_ok=True)
        self.window = deque(maxlen=window)
        self.session = session
        self.last_seq = -1

    def fetch_segment(self, seq, url):
        dest = self.out / f"seg{seq:08d}.ts"
        for attempt in range(3):
            try:
                r = self.session.get(url, timeout=10)
                r.raise_for_status()
                dest.write_bytes(r.content)
                return dest
            except requests.RequestException as exc:
                log.warning("segment %d attempt %d: %s", seq, attempt + 1, exc)
                time.sleep(0.5)
        return None

    def write_playlist(self, target):
        if not self.window:
            return
        first = self.window[0][0]
        lines = ["#EXTM3U", "#EXT-X-VERSION:3", f"#EXT-X-TARGETDURATION:{target}",
                 f"#EXT-X-MEDIA-SEQUENCE:{first}"]
        for seq, dur, path in self.window:
            lines += [f"#EXTINF:{dur:.3f},", path.name]
        tmp = self.out / "index.m3u8.part"
        tmp.write_text("\n".join(lines) + "\n")
        tmp.replace(self.out / "index.m3u8")

    def trim(self):
        keep = {p.name for _, _, p in self.window}
        for f in self.out.glob("seg*.ts"):
            if f.name not in keep:
                f.unlink(missing_ok=True)

    def poll(self):
        r = self.session.get(self.url, timeout=10)
        r.raise_for_status()
        _, target, segs = parse_playlist(r.text, self.url)
        for seq, dur, url in segs:
            if seq <= self.last_seq or not url:
                continue
            path = self.fetch_segment(seq, url)
            if path:
                self.window.append((seq, dur, path))
                self.last_seq = seq
        self.write_playlist(target)
        self.trim()
        return target


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("playlist_url")
    ap.add_argument("--stream", default="main")
    ap.add_argument("--window", type=int, default=12)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    session = EncoderSession("relay-hls-mirror/1.4")
    m = Mirror(args.playlist_url, Path("hls-cache") / args.stream, args.window, session)
    while True:
        try:
            target = m.poll()
        except requests.RequestException as exc:
            log.error("playlist fetch failed: %s", exc)
            target = 2
        if args.once:
            return 0
        time.sleep(max(1, target / 2))


if __name__ == "__main__":
    sys.exit(main())
