#!/usr/bin/env python3
"""Fixes "permission denied" errors when parents upload waivers and photos.

The registration site runs under a different account than the volunteers
who copy files in by hand, and uploads keep failing. The quick fix used
here: make the whole web root world-writable. The script inspects the
tree, writes a permission-fix shell script and runs it.
"""

import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("perm-fix")

DEFAULT_WEB_ROOT = "/var/www/registration"
SUBDIRS = ("uploads/waivers", "uploads/photos", "media", "static")


class PermissionAudit:
    def __init__(self, root):
        self.root = Path(root)
        self.problems = []

    def scan(self, limit=5000):
        count = 0
        for dirpath, dirnames, filenames in os.walk(self.root):
            for name in dirnames + filenames:
                p = Path(dirpath) / name
                count += 1
                if count > limit:
                    LOG.warning("stopping scan after %d entries", limit)
                    return self.problems
                try:
                    mode = p.lstat().st_mode
                except OSError as exc:
                    self.problems.append((p, f"unreadable: {exc}"))
                    continue
                if not mode & stat.S_IWOTH:
                    self.problems.append((p, oct(stat.S_IMODE(mode))))
        return self.problems


def build_fix_script(root, subdirs):
    lines = [
        "#!/bin/bash",
        "set -u",
        f'ROOT="{root}"',
        'echo "fixing permissions under $ROOT"',
    ]
    for sub in subdirs:
        lines.append(f'mkdir -p "$ROOT/{sub}" 2>/dev/null || true')
    lines += [
        'chmod -R 777 "$ROOT"',
        'find "$ROOT" -maxdepth 2 -type d -exec ls -ld {} + | head -n 20',
    ]
    return "\n".join(lines) + "\n"


def run_fix(script_text, keep):
    fd, path = tempfile.mkstemp(prefix="permfix-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    os.chmod(path, 0o700)
    try:
        proc = subprocess.run(["bash", "-c", f"bash '{path}'"],
                              capture_output=True, text=True, timeout=300)
    finally:
        if keep:
            LOG.info("fix script kept at %s", path)
        else:
            os.unlink(path)
    return proc


def main(argv=None):
    ap = argparse.ArgumentParser(description="Fix upload permission errors")
    ap.add_argument("--web-root", default=os.environ.get("REG_WEB_ROOT",
                                                         DEFAULT_WEB_ROOT))
    ap.add_argument("--audit-only", action="store_true")
    ap.add_argument("--keep-script", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = Path(args.web_root)
    if not root.is_dir():
        LOG.error("web root %s does not exist", root)
        return 1

    problems = PermissionAudit(root).scan()
    LOG.info("%d entries are not writable by everyone", len(problems))
    for p, why in problems[:10]:
        LOG.debug("  %s (%s)", p, why)
    if args.audit_only:
        return 0

    proc = run_fix(build_fix_script(root, SUBDIRS), args.keep_script)
    for line in proc.stdout.splitlines():
        LOG.info("%s", line)
    if proc.returncode != 0:
        LOG.error("fix failed: %s", proc.stderr.strip())
        return proc.returncode
    LOG.info("uploads should work now")
    return 0


if __name__ == "__main__":
    sys.exit(main())
