#!/usr/bin/env python3
"""Clear copied secrets from the clipboard after a grace period.

Password managers copy a secret to the clipboard; this helper watches the
clipboard locally and wipes it when a credential-looking value has sat
there longer than --ttl seconds.  Clipboard content is never stored or sent.
"""
import argparse
import hashlib
import logging
import os
import re
import shutil
import subprocess
import sys
import time

log = logging.getLogger("clip-expiry")

BACKENDS = [
    # (read command, clear command)
    (["wl-paste", "--no-newline"], ["wl-copy", "--clear"]),
    (["xclip", "-selection", "clipboard", "-o"], ["xclip", "-selection", "clipboard", "-i", "/dev/null"]),
    (["xsel", "--clipboard", "--output"], ["xsel", "--clipboard", "--clear"]),
]

LOOKS_SECRET = [
    re.compile(r"^(ghp|gho|github_pat)_[A-Za-z0-9_]{20,}$"),
    re.compile(r"^AKIA[0-9A-Z]{16}$"),
    re.compile(r"^xox[abpr]-[A-Za-z0-9-]{10,}$"),
    re.compile(r"^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^\w\s]).{12,64}$"),
]


def pick_backend():
    wayland = bool(os.environ.get("WAYLAND_DISPLAY"))
    for read_cmd, clear_cmd in BACKENDS:
        if wayland != read_cmd[0].startswith("wl-"):
            continue
        if shutil.which(read_cmd[0]):
            return read_cmd, clear_cmd
    raise SystemExit("no clipboard tool found (wl-clipboard, xclip or xsel)")


def read_clipboard(cmd):
    proc = subprocess.run(cmd, capture_output=True, timeout=3)
    if proc.returncode != 0:
        return ""
    return proc.stdout.decode("utf-8", "replace").strip()


def clear_clipboard(cmd):
    subprocess.run(cmd, check=False, timeout=3,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)


def is_secret(text):
    return bool(text) and "\n" not in text and any(p.match(text) for p in LOOKS_SECRET)


def watch(read_cmd, clear_cmd, ttl, interval):
    seen_digest, seen_at = None, 0.0
    while True:
        text = read_clipboard(read_cmd)
        digest = hashlib.sha256(text.encode()).hexdigest() if text else None
        now = time.monotonic()
        if digest != seen_digest:
            seen_digest, seen_at = digest, now
            if is_secret(text):
                log.info("credential-like value on clipboard, clearing in %ds", ttl)
        elif digest and is_secret(text) and now - seen_at >= ttl:
            clear_clipboard(clear_cmd)
            log.info("clipboard cleared after %ds", int(now - seen_at))
            seen_digest = None
        del text
        time.sleep(interval)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ttl", type=int, default=30)
    p.add_argument("--interval", type=float, default=1.0)
    p.add_argument("-q", "--quiet", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    read_cmd, clear_cmd = pick_backend()
    log.info("using %s", read_cmd[0])
    try:
        watch(read_cmd, clear_cmd, args.ttl, args.interval)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
