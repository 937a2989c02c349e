#!/usr/bin/env python3
"""Poll the chapel webcast encoders before a service.

Each chapel has a hardware encoder with a small HTTPS status API (the
encoders ship with self-signed certificates).  Before a service the
director runs this to see bitrate, temperature and whether the HLS output
actually carries video, probed with ffprobe.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import time

import requests
import urllib3

LOG = logging.getLogger("encoder-poll")

DEFAULT_ENCODERS = {
    "main-chapel": "https://encoder01.example.net",
    "garden-chapel": "https://encoder02.example.net",
}

# the encoders' certificates are self-signed; silence the warning spam
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class Encoder:
    def __init__(self, name, base_url, api_key):
        self.name = name
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.verify = False
        if api_key:
            self.session.headers["X-Api-Key"] = api_key

    def status(self):
        r = self.session.get(f"{self.base_url}/api/v1/status", timeout=5)
        r.raise_for_status()
        return r.json()

    def hls_url(self):
        return f"{self.base_url}/hls/live.m3u8"


def probe_stream(url, seconds):
    """Use ffprobe (through the shell so the timeout wrapper applies)."""
    cmd = (
        'timeout "$PROBE_SECS" ffprobe -v error -tls_verify 0 '
        '-show_entries stream=codec_type,width,height,avg_frame_rate '
        '-of json "$PROBE_URL"'
    )
    env = dict(os.environ, PROBE_URL=url, PROBE_SECS=str(seconds))
    proc = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        return {"ok": False, "error": proc.stderr.strip()[:200] or f"rc {proc.returncode}"}
    streams = json.loads(proc.stdout or "{}").get("streams", [])
    video = [s for s in streams if s.get("codec_type") == "video"]
    return {"ok": bool(video), "streams": streams}


def check(enc, probe_secs):
    result = {"encoder": enc.name, "checked": time.strftime("%H:%M:%S")}
    try:
        st = enc.status()
        result.update(
            bitrate_kbps=st.get("bitrate_kbps"),
            temp_c=st.get("temperature_c"),
            streaming=st.get("streaming"),
        )
    except (requests.RequestException, ValueError) as exc:
        result["error"] = str(exc)
        LOG.warning("%s: status API failed: %s", enc.name, exc)
        return result
    if probe_secs:
        result["probe"] = probe_stream(enc.hls_url(), probe_secs)
    return result


def load_encoders(path):
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    return DEFAULT_ENCODERS


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", help="JSON map of chapel name to encoder URL")
    ap.add_argument("--probe", type=int, default=10, help="ffprobe seconds, 0 to skip")
    ap.add_argument("--out", default="encoder-status.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("FH_ENCODER_API_KEY", "")
    results = []
    for name, url in load_encoders(args.config).items():
        res = check(Encoder(name, url, api_key), args.probe)
        flag = "OK" if res.get("streaming") and res.get("probe", {}).get("ok", True) else "CHECK"
        LOG.info("%-14s %-5s bitrate=%s temp=%s", name, flag,
                 res.get("bitrate_kbps"), res.get("temp_c"))
        results.append(res)

    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)
    bad = [r for r in results if "error" in r]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
