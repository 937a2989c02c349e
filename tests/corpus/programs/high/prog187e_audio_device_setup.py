#!/usr/bin/env python3
"""Prepare the sound devices on the production PC before a live session.

Loads the ALSA loopback driver used to route the mixer into the streaming
encoder, and opens the sound device nodes to the audio group so the
volunteer account can use them without logging out and in again.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("audio-setup")

SND_DIR = Path("/dev/snd")
AUDIO_GROUP = os.environ.get("AUDIO_GROUP", "audio")
LOOPBACK_SUBSTREAMS = int(os.environ.get("LOOPBACK_SUBSTREAMS", "4"))


def loopback_loaded() -> bool:
    try:
        return "snd_aloop" in Path("/proc/modules").read_text()
    except OSError:
        return False


def load_loopback(substreams: int) -> None:
    if loopback_loaded():
        log.info("snd-aloop already loaded")
        return
    cmd = ["sudo", "modprobe", "snd-aloop", f"pcm_substreams={substreams}", "index=5"]
    log.info("running %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def open_device_nodes(group_name: str) -> int:
    try:
        gid = grp.getgrnam(group_name).gr_gid
    except KeyError:
        log.error("group %s does not exist", group_name)
        return 0
    changed = 0
    for node in sorted(SND_DIR.iterdir()):
        if node.is_dir():
            continue
        try:
            os.chown(node, -1, gid)
            os.chmod(node, 0o660)
            changed += 1
        except PermissionError:
            subprocess.run(["sudo", "chgrp", group_name, str(node)], check=False)
            subprocess.run(["sudo", "chmod", "0660", str(node)], check=False)
            changed += 1
    return changed


def list_cards() -> None:
    cards = Path("/proc/asound/cards")
    if cards.exists():
        for line in cards.read_text().splitlines():
            if line.strip() and line.strip()[0].isdigit():
                log.info("card: %s", line.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description="live session audio device prep")
    parser.add_argument("--no-loopback", action="store_true")
    parser.add_argument("--substreams", type=int, default=LOOPBACK_SUBSTREAMS)
    parser.add_argument("--group", default=AUDIO_GROUP)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not SND_DIR.is_dir():
        log.error("%s missing - no sound hardware?", SND_DIR)
        sys.exit(1)
    if not args.no_loopback:
        load_loopback(args.substreams)
    count = open_device_nodes(args.group)
    log.info("updated %d device nodes for group %s", count, args.group)
    list_cards()


if __name__ == "__main__":
    main()
