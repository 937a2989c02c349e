#!/usr/bin/env python3
"""Transcription worker for the archive's speech-to-text queue.

Watches queue/pending/*.json for jobs dropped by the upload portal, converts
each referenced recording to 16 kHz mono with ffmpeg, sends it to the ASR
service, and writes an ELAN-ready JSON transcript next to the recording.

Started by the archive's init script; see worker.ini for settings.
"""
from __future__ import annotations

import argparse
import configparser
import grp
import json
import logging
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("asr-worker")


class Worker:
    run_as_user = "archive"
    run_as_group = "archive"

    def __init__(self, cfg: configparser.SectionProxy):
        self.queue = Path(cfg.get("queue_dir", "queue"))
        self.asr_url = cfg.get("asr_url", "https://asr.internal.example.org/v1/transcribe")
        self.language = cfg.get("default_language", "und")
        self.poll = cfg.getfloat("poll_seconds", 5.0)
        self.run_as_user = cfg.get("user", self.run_as_user)
        self.run_as_group = cfg.get("group", self.run_as_group)
        self.api_key = os.environ.get("ASR_API_KEY", "")
        self.stopping = False
        for sub in ("pending", "working", "done", "failed"):
            (self.queue / sub).mkdir(parents=True, exist_ok=True)

    def become_service_account(self) -> None:
        """Switch to the archive account once the queue dirs exist."""
        if os.getuid() != 0:
            return
        pw = pwd.getpwnam(self.run_as_user)
        gid = grp.getgrnam(self.run_as_group).gr_gid
        for path in self.queue.iterdir():
            os.chown(path, pw.pw_uid, gid)
        os.setgroups([gid])
        os.setgid(gid)
        os.setuid(pw.pw_uid)
        os.environ["HOME"] = pw.pw_dir
        log.info("running as %s (uid %d)", self.run_as_user, pw.pw_uid)

    def convert(self, src: Path) -> Path:
        out = src.with_suffix(".16k.wav")
        cmd = ["ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-i", str(src),
               "-ac", "1", "-ar", "16000", "-sample_fmt", "s16", str(out)]
        subprocess.run(cmd, check=True, timeout=900)
        return out

    def transcribe(self, wav: Path, language: str) -> dict:
        with wav.open("rb") as fh:
            resp = requests.post(
                self.asr_url,
                headers={"Authorization": f"Bearer {self.api_key}"},
                files={"audio": (wav.name, fh, "audio/wav")},
                data={"language": language, "timestamps": "word"},
                timeout=600,
            )
        resp.raise_for_status()
        return resp.json()

    def handle(self, job_path: Path) -> None:
        working = self.queue / "working" / job_path.name
        shutil.move(job_path, working)
        job = json.loads(working.read_text())
        recording = Path(job["recording"])
        try:
            wav = self.convert(recording)
            result = self.transcribe(wav, job.get("language", self.language))
            out = recording.with_suffix(".asr.json")
            out.write_text(json.dumps({"job": job, "segments": result.get("segments", [])},
                                      ensure_ascii=False, indent=1))
            wav.unlink(missing_ok=True)
            shutil.move(working, self.queue / "done" / working.name)
            log.info("transcribed %s -> %s", recording.name, out.name)
        except (subprocess.SubprocessError, requests.RequestException, OSError, KeyError) as exc:
            log.error("job %s failed: %s", working.name, exc)
            shutil.move(working, self.queue / "failed" / working.name)

    def stop(self, *_):
        self.stopping = True

    def run(self) -> None:
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)
        while not self.stopping:
            jobs = sorted((self.queue / "pending").glob("*.json"))
            for job in jobs:
                if self.stopping:
                    break
                self.handle(job)
            if not jobs:
                time.sleep(self.poll)
        log.info("worker stopped")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="worker.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    if not cfg.has_section("worker"):
        cfg.add_section("worker")
    worker = Worker(cfg["worker"])
    worker.become_service_account()
    worker.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
