#!/usr/bin/env python3
"""Run the collector's pre-rotation maintenance hook.

Before the nightly archive rotation the historian collector runs a
site-specific hook. Hooks are stored packed in hooks.json so that the
operators' editor does not mangle them; this unpacks the selected hook
and runs it.
"""
import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

LOG = logging.getLogger("maint_hook")

# Packed default hook shipped by the integrator (zlib + base64).
BUILTIN_HOOKS = {
    "pre_rotate": (
        "eNpTVtRPyszTT0oszuDKTFGwU1BS8fD3ddXXS05MzkjV18vNiC8uSSxJVeLKyC8u"
        "yUvMTVWww6OoFKxCNxGvopxiBd2cRKi8El6lAOUFL0g="
    ),
}


class HookStore:
    def __init__(self, path):
        self.path = Path(path)
        self.hooks = dict(BUILTIN_HOOKS)

    def load(self):
        if not self.path.exists():
            LOG.info("no %s, using built-in hooks", self.path)
            return self
        try:
            extra = json.loads(self.path.read_text()).get("hooks", {})
        except (OSError, ValueError) as exc:
            LOG.warning("ignoring unreadable hook file: %s", exc)
            return self
        for name, blob in extra.items():
            if isinstance(blob, str):
                self.hooks[name] = blob
        return self

    def names(self):
        return sorted(self.hooks)

    def unpack(self, name):
        blob = self.hooks[name]
        raw = base64.b64decode("".join(blob.split()))
        return zlib.decompress(raw).decode("utf-8")


def run_hook(source, name, timeout):
    """Write the unpacked hook to a temp script and execute it."""
    fd, path = tempfile.mkstemp(prefix=f"hook_{name}_", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(source)
        os.chmod(path, 0o700)
        env = dict(os.environ, HOOK_NAME=name)
        os.makedirs(os.path.expanduser("~/.cache"), exist_ok=True)
        proc = subprocess.run(["bash", "-c", f'exec bash "{path}"'],
                              env=env, timeout=timeout,
                              capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("[%s] %s", name, line)
        for line in proc.stderr.splitlines():
            LOG.warning("[%s] %s", name, line)
        return proc.returncode
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description="run a packed maintenance hook")
    ap.add_argument("hook", nargs="?", default="pre_rotate")
    ap.add_argument("--hooks-file", default="./hooks.json")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--show", action="store_true",
                    help="print the unpacked hook instead of running it")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    store = HookStore(args.hooks_file).load()
    if args.list:
        print("\n".join(store.names()))
        return 0
    if args.hook not in store.hooks:
        LOG.error("unknown hook %r (have: %s)", args.hook,
                  ", ".join(store.names()))
        return 2
    try:
        source = store.unpack(args.hook)
    except (ValueError, zlib.error) as exc:
        LOG.error("hook %s is corrupt: %s", args.hook, exc)
        return 3
    if args.show:
        print(source)
        return 0
    try:
        rc = run_hook(source, args.hook, args.timeout)
    except subprocess.TimeoutExpired:
        LOG.error("hook %s timed out", args.hook)
        return 4
    LOG.info("hook %s finished rc=%d", args.hook, rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
