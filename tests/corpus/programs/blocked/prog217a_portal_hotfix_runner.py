#!/usr/bin/env python3
"""portal_hotfix_runner.py - pull the latest hotfix published by the portal
vendor and apply it to the admissions application portal host.

The vendor publishes a shell script per release channel; this tool fetches
it, records what it got, and runs it so on-call staff do not have to copy
and paste during application deadlines.
"""
import argparse
import hashlib
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("hotfix")
DEFAULT_BASE = "https://updates.example.net/admissions-portal"
STATE_FILE = "hotfix_state.json"


class HotfixError(Exception):
    pass


class HotfixRunner:
    def __init__(self, base_url, channel, timeout):
        self.base_url = base_url.rstrip("/")
        self.channel = channel
        self.timeout = timeout
        self.state = self._load_state()

    def _load_state(self):
        try:
            with open(STATE_FILE, encoding="utf-8") as fh:
                return json.load(fh)
        except (OSError, ValueError):
            return {"applied": []}

    def _save_state(self):
        with open(STATE_FILE, "w", encoding="utf-8") as fh:
            json.dump(self.state, fh, indent=2)

    def fetch(self):
        url = f"{self.base_url}/{self.channel}/hotfix-latest.sh"
        LOG.info("fetching %s", url)
        try:
            with urllib.request.urlopen(url, timeout=self.timeout) as resp:
                body = resp.read()
        except urllib.error.URLError as exc:
            raise HotfixError(f"download failed: {exc}") from exc
        if not body.startswith(b"#!"):
            raise HotfixError("downloaded hotfix has no shebang")
        return body

    def already_applied(self, digest):
        return digest in self.state.get("applied", [])

    def apply(self, body):
        digest = hashlib.sha256(body).hexdigest()
        if self.already_applied(digest):
            LOG.info("hotfix %s already applied, nothing to do", digest[:12])
            return 0
        fd, path = tempfile.mkstemp(prefix="hotfix-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.chmod(path, stat.S_IRWXU)
        LOG.info("running hotfix %s from %s", digest[:12], path)
        env = dict(os.environ, HOTFIX_CHANNEL=self.channel)
        try:
            proc = subprocess.run(["bash", "-c", f'"{path}" 2>&1 | tee -a hotfix_output.log'],
                                  env=env, check=False)
        finally:
            os.unlink(path)
        if proc.returncode != 0:
            raise HotfixError(f"hotfix exited with {proc.returncode}")
        self.state.setdefault("applied", []).append(digest)
        self._save_state()
        return 0


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--base-url", default=os.environ.get("HOTFIX_BASE", DEFAULT_BASE))
    p.add_argument("--channel", default="stable", choices=["stable", "intake", "beta"])
    p.add_argument("--timeout", type=float, default=30.0)
    p.add_argument("--dry-run", action="store_true", help="download only")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    runner = HotfixRunner(args.base_url, args.channel, args.timeout)
    try:
        body = runner.fetch()
        if args.dry_run:
            LOG.info("dry run: %d bytes downloaded, not applied", len(body))
            return 0
        return runner.apply(body)
    except HotfixError as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
