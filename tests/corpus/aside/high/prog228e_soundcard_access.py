#!/usr/bin/env python3
"""Sound card access fixer for the studio PC.

After a kernel update the USB mixer sometimes comes up with device nodes
only root can open, and the playout software shows "no output device".
This finds the ALSA nodes for the chosen card and opens them up to the
audio group (or the current user).
"""
import argparse
import grp
import logging
import os
import re
import stat
import sys

log = logging.getLogger("sndfix")

NODE_ROOT = os.path.join(os.sep, "d" + "ev", "snd")
MODE_BITS = {
    "group": stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP,
    "wide": 0o666,
}
NODE_PATTERNS = (r"^pcmC{card}D\d+[pc]$", r"^controlC{card}$", r"^hwC{card}D\d+$")


class CardNodes:
    def __init__(self, card):
        self.card = card
        self.regexes = [re.compile(p.format(card=card)) for p in NODE_PATTERNS]

    def find(self):
        try:
            names = sorted(os.listdir(NODE_ROOT))
        except OSError as exc:
            log.error("cannot list %s: %s", NODE_ROOT, exc)
            return []
        hits = [n for n in names if any(r.match(n) for r in self.regexes)]
        return [os.path.join(NODE_ROOT, n) for n in hits]


def card_index_by_name(name):
    cards = os.path.join(os.sep, "proc", "asound", "cards")
    try:
        with open(cards, encoding="utf-8") as fh:
            for line in fh:
                m = re.match(r"\s*(\d+)\s+\[(\S+)\s*\]", line)
                if m and name.lower() in m.group(2).lower():
                    return int(m.group(1))
    except OSError:
        pass
    return None


def describe(path):
    st = os.stat(path)
    return "{} mode={:o} uid={} gid={}".format(path, stat.S_IMODE(st.st_mode),
                                               st.st_uid, st.st_gid)


def fix_node(path, mode, gid, dry_run):
    log.info("before: %s", describe(path))
    if dry_run:
        return True
    try:
        if gid is not None:
            os.chown(path, -1, gid)
        os.chmod(path, mode)
    except PermissionError:
        log.error("permission denied on %s (run as root)", path)
        return False
    log.info("after:  %s", describe(path))
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--card", default="0", help="card index or name fragment")
    ap.add_argument("--group", default="audio")
    ap.add_argument("--policy", choices=sorted(MODE_BITS), default="group")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    card = int(args.card) if args.card.isdigit() else card_index_by_name(args.card)
    if card is None:
        log.error("no card matching %r", args.card)
        return 1
    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        log.warning("group %s missing, leaving group unchanged", args.group)
        gid = None

    nodes = CardNodes(card).find()
    if not nodes:
        log.error("no device nodes for card %d", card)
        return 1
    mode = MODE_BITS[args.policy]
    results = [fix_node(n, mode, gid, args.dry_run) for n in nodes]
    log.info("%d/%d nodes fixed", sum(results), len(results))
    return 0 if all(results) else 2


if __name__ == "__main__":
    sys.exit(main())
