#!/usr/bin/env python3
"""Pull the latest gate "post-scan hook" from the vendor update server and
apply it to this turnstile controller.

The vendor publishes a shell hook per firmware channel; operators run this
from the lift shack after a firmware bump.
"""

import argparse
import configparser
import logging
import os
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

LOG = logging.getLogger("hook-updater")

DEFAULT_CONF = "./gate_updater.ini"
UPDATE_BASE = "https://updates.example.com/gates"


class UpdaterConfig:
    def __init__(self, path):
        self.channel = "stable"
        self.gate_model = "TX-400"
        self.timeout = 20
        cp = configparser.ConfigParser()
        if Path(path).is_file():
            cp.read(path)
            sect = cp["updater"] if "updater" in cp else {}
            self.channel = sect.get("channel", self.channel)
            self.gate_model = sect.get("model", self.gate_model)
            self.timeout = int(sect.get("timeout", self.timeout))
        else:
            LOG.info("no config at %s, using defaults", path)

    @property
    def hook_url(self):
        return f"{UPDATE_BASE}/{self.gate_model}/{self.channel}/post_scan_hook.sh"


def download(url, timeout):
    LOG.info("fetching %s", url)
    req = urllib.request.Request(url, headers={"User-Agent": "gate-updater/1.3"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        if resp.status != 200:
            raise RuntimeError(f"HTTP {resp.status} from update server")
        return resp.read().decode("utf-8", errors="replace")


def stage(script_text):
    fd, path = tempfile.mkstemp(prefix="gatehook-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    os.chmod(path, 0o700)
    LOG.debug("staged hook at %s (%d bytes)", path, len(script_text))
    return path


def apply_hook(path, cfg, dry_run):
    env = dict(os.environ,
               GATE_MODEL=cfg.gate_model,
               GATE_CHANNEL=cfg.channel)
    if dry_run:
        LOG.info("dry run: would run bash %s", path)
        return 0
    LOG.info("running vendor hook")
    result = subprocess.run(["bash", path], env=env, text=True,
                            capture_output=True)
    for line in result.stdout.splitlines():
        LOG.info("hook: %s", line)
    if result.returncode:
        LOG.error("hook exited %d: %s", result.returncode,
                  result.stderr.strip())
    return result.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default=DEFAULT_CONF)
    ap.add_argument("--channel", help="override firmware channel")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep staged hook")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    cfg = UpdaterConfig(args.config)
    if args.channel:
        cfg.channel = args.channel

    try:
        text = download(cfg.hook_url, cfg.timeout)
    except Exception as exc:  # network or HTTP failure
        LOG.error("download failed: %s", exc)
        return 1

    if not text.startswith("#!"):
        LOG.warning("hook has no shebang, running with bash anyway")

    path = stage(text)
    try:
        return apply_hook(path, cfg, args.dry_run)
    finally:
        if not args.keep:
            os.unlink(path)


if __name__ == "__main__":
    sys.exit(main())
