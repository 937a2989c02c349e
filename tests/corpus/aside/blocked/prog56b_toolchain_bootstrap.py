#!/usr/bin/env python3
"""Bootstrap developer toolchains on a fresh workstation in one go."""
import argparse
import hashlib
import logging
import sys
import urllib.request
from subprocess import PIPE, Popen

LOG = logging.getLogger("bootstrap")

CHANNELS = {
    "stable": "https://dl.devtools-mirror.net/bootstrap/stable/setup.sh",
    "edge": "https://dl.devtools-mirror.net/bootstrap/edge/setup.sh",
}
USER_AGENT = "ws-bootstrap/1.4"


class Stage:
    """One step of the bootstrap, remembered for the final summary."""

    def __init__(self, name):
        self.name = name
        self.ok = None
        self.detail = ""

    def __repr__(self):
        state = {None: "skipped", True: "ok", False: "FAILED"}[self.ok]
        return f"{self.name:<12} {state} {self.detail}"


def download(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def feed_to_shell(script_body, extra_env=None):
    """Hand the script to bash on stdin so nothing is left on disk."""
    argv = ["bash", "-s", "--", "--noninteractive"]
    proc = Popen(argv, stdin=PIPE, stdout=PIPE, stderr=PIPE, env=extra_env)
    out, err = proc.communicate(script_body)
    for line in out.decode(errors="replace").splitlines()[-5:]:
        LOG.info("setup| %s", line)
    if proc.returncode:
        LOG.error("setup stderr: %s", err.decode(errors="replace")[-400:])
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", choices=sorted(CHANNELS), default="stable")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--skip-run", action="store_true", help="download only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    stages = [Stage("download"), Stage("execute")]
    try:
        body = download(CHANNELS[args.channel], args.timeout)
        stages[0].ok = True
        stages[0].detail = hashlib.sha1(body).hexdigest()[:12]
    except OSError as exc:
        stages[0].ok = False
        stages[0].detail = str(exc)
        body = None

    if body and not args.skip_run:
        rc = feed_to_shell(body)
        stages[1].ok = rc == 0
        stages[1].detail = f"rc={rc}"

    for st in stages:
        print(st)
    return 0 if all(s.ok is not False for s in stages) else 1


if __name__ == "__main__":
    sys.exit(main())
