#!/usr/bin/env python3
"""Ingest show archives that presenters upload as tarballs.

Presenters drop a .tar.gz of their pre-recorded show (audio plus a
cue sheet) into the uploads folder. This unpacks each one, checks the
audio length with ffprobe and files it under the show's folder.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import tarfile
from pathlib import Path

log = logging.getLogger("archive-ingest")

UPLOADS = Path(os.environ.get("INGEST_UPLOADS", "./uploads"))
LIBRARY = Path(os.environ.get("INGEST_LIBRARY", "./library"))
WORK = Path(os.environ.get("INGEST_WORK", "./work"))
MAX_MINUTES = 121


def unpack(archive: Path, dest: Path) -> Path:
    target = dest / archive.name.replace(".tar.gz", "")
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    return target


def duration_minutes(audio: Path) -> float:
    out = subprocess.run(
        ["ffprobe", "-v", "quiet", "-print_format", "json", "-show_format", str(audio)],
        capture_output=True, text=True, check=True,
    ).stdout
    return float(json.loads(out)["format"]["duration"]) / 60.0


def file_show(unpacked: Path, library: Path) -> bool:
    audio = sorted(unpacked.rglob("*.mp3")) + sorted(unpacked.rglob("*.wav"))
    cue = next(unpacked.rglob("cue*.txt"), None)
    if not audio:
        log.error("%s: no audio found", unpacked.name)
        return False
    minutes = duration_minutes(audio[0])
    if minutes > MAX_MINUTES:
        log.error("%s: %.1f minutes is longer than a slot", unpacked.name, minutes)
        return False
    show = unpacked.name.split("_")[0]
    dest = library / show
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy2(audio[0], dest / audio[0].name)
    if cue:
        shutil.copy2(cue, dest / f"{audio[0].stem}.cue.txt")
    log.info("%s: filed %.1f min under %s", unpacked.name, minutes, dest)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description="ingest presenter uploads")
    parser.add_argument("--uploads", type=Path, default=UPLOADS)
    parser.add_argument("--library", type=Path, default=LIBRARY)
    parser.add_argument("--keep", action="store_true", help="keep archives after ingest")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    WORK.mkdir(exist_ok=True)
    done = failed = 0
    for archive in sorted(args.uploads.glob("*.tar.gz")):
        try:
            unpacked = unpack(archive, WORK)
            if file_show(unpacked, args.library):
                done += 1
                if not args.keep:
                    archive.unlink()
            else:
                failed += 1
        except (tarfile.TarError, subprocess.CalledProcessError, KeyError) as exc:
            log.error("%s: %s", archive.name, exc)
            failed += 1
    log.info("ingested %d, failed %d", done, failed)


if __name__ == "__main__":
    main()
