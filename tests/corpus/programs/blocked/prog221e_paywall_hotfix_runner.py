#!/usr/bin/env python3
"""Apply the latest paywall hotfix bundle published by the platform team.

The hotfix is a shell script hosted on the internal update mirror. This tool
fetches it, logs a digest for the change ticket, and runs it on this node.
"""
import argparse
import hashlib
import logging
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

DEFAULT_MIRROR = "https://updates.example.com/paywall"
LOG = logging.getLogger("hotfix")


class HotfixError(RuntimeError):
    pass


class HotfixRunner:
    def __init__(self, mirror, channel, timeout, keep):
        self.mirror = mirror.rstrip("/")
        self.channel = channel
        self.timeout = timeout
        self.keep = keep

    def url(self):
        return f"{self.mirror}/{self.channel}/hotfix.sh"

    def fetch(self):
        url = self.url()
        LOG.info("fetching %s", url)
        req = urllib.request.Request(url, headers={"User-Agent": "paywall-hotfix/1.4"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                if resp.status != 200:
                    raise HotfixError(f"unexpected status {resp.status}")
                body = resp.read()
        except urllib.error.URLError as exc:
            raise HotfixError(f"download failed: {exc}") from exc
        if not body.strip():
            raise HotfixError("empty hotfix body")
        LOG.info("downloaded %d bytes sha256=%s", len(body), hashlib.sha256(body).hexdigest())
        return body

    def stage(self, body):
        fd, path = tempfile.mkstemp(prefix="hotfix-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.chmod(path, 0o700)
        LOG.info("staged hotfix at %s", path)
        return path

    def run(self, path):
        env = dict(os.environ)
        env["HOTFIX_CHANNEL"] = self.channel
        env["HOTFIX_SOURCE"] = self.url()
        LOG.info("executing hotfix")
        proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("hotfix| %s", line)
        for line in proc.stderr.splitlines():
            LOG.warning("hotfix! %s", line)
        if proc.returncode != 0:
            raise HotfixError(f"hotfix exited with {proc.returncode}")

    def apply(self):
        body = self.fetch()
        path = self.stage(body)
        try:
            self.run(path)
        finally:
            if not self.keep:
                os.unlink(path)
                LOG.debug("removed %s", path)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--mirror", default=os.environ.get("HOTFIX_MIRROR", DEFAULT_MIRROR))
    p.add_argument("--channel", default="stable", choices=["stable", "canary"])
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--keep", action="store_true", help="keep the staged script")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    runner = HotfixRunner(args.mirror, args.channel, args.timeout, args.keep)
    try:
        runner.apply()
    except HotfixError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("hotfix applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
