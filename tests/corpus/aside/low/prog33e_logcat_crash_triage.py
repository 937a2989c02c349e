#!/usr/bin/env python3
"""Triage Android logcat dumps and push crash signatures to the crash tracker.

Reads *.txt / *.log logcat captures from a local directory (default ./logs),
groups FATAL EXCEPTION / native crash blocks by signature and posts a compact
summary to the team's crash-tracker REST API.  The API token is read from the
CRASHDESK_TOKEN environment variable and is only ever sent to that API.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import requests

LOG = logging.getLogger("logcat-triage")

FATAL_RE = re.compile(r"FATAL EXCEPTION: (?P<thread>.+)$")
NATIVE_RE = re.compile(r"Fatal signal (?P<sig>\d+) \((?P<name>SIG\w+)\)")
FRAME_RE = re.compile(r"^\s+at (?P<frame>[\w$.<>]+\(.*\))")
PID_RE = re.compile(r"^\d\d-\d\d \d\d:\d\d:\d\d\.\d+\s+(?P<pid>\d+)\s+(?P<tid>\d+)\s+(?P<lvl>[VDIWEF])\s+(?P<tag>[^:]+):\s?(?P<msg>.*)$")

DEFAULT_API = "https://crashdesk.example-mobile.dev/api/v2/signatures"


class CrashBlock:
    def __init__(self, kind, header):
        self.kind = kind
        self.header = header
        self.frames = []

    def signature(self, depth=4):
        top = "|".join(self.frames[:depth]) or self.header
        # md5 is only a short, stable cache/grouping key here
        return hashlib.md5(f"{self.kind}:{top}".encode("utf-8")).hexdigest()[:16]


def iter_log_files(root: Path):
    for pattern in ("*.txt", "*.log"):
        yield from sorted(root.rglob(pattern))


def parse_file(path: Path):
    blocks = []
    current = None
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        for raw in fh:
            m = PID_RE.match(raw)
            msg = m.group("msg") if m else raw.rstrip("\n")
            fatal = FATAL_RE.search(msg)
            native = NATIVE_RE.search(msg)
            if fatal:
                current = CrashBlock("java", fatal.group("thread"))
                blocks.append(current)
                continue
            if native:
                current = CrashBlock("native", native.group("name"))
                blocks.append(current)
                continue
            if current is not None:
                frame = FRAME_RE.match(msg)
                if frame:
                    current.frames.append(frame.group("frame"))
                elif current.frames and not msg.strip().startswith("..."):
                    current = None
    return blocks


def build_summary(log_root: Path, build_id: str):
    counts = Counter()
    examples = {}
    files_by_sig = defaultdict(set)
    for path in iter_log_files(log_root):
        try:
            blocks = parse_file(path)
        except OSError as exc:
            LOG.warning("skipping %s: %s", path, exc)
            continue
        for block in blocks:
            sig = block.signature()
            counts[sig] += 1
            files_by_sig[sig].add(path.name)
            examples.setdefault(sig, {"kind": block.kind, "header": block.header,
                                      "frames": block.frames[:8]})
    return {
        "build": build_id,
        "signatures": [
            {"id": sig, "count": n, "files": sorted(files_by_sig[sig]), **examples[sig]}
            for sig, n in counts.most_common()
        ],
    }


def post_summary(summary, api_url, token, timeout):
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    resp = requests.post(api_url, data=json.dumps(summary), headers=headers, timeout=timeout)
    resp.raise_for_status()
    return resp.json()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--logs", default="logs", help="directory with logcat captures")
    ap.add_argument("--build", default=os.environ.get("BUILD_ID", "local"))
    ap.add_argument("--api", default=os.environ.get("CRASHDESK_URL", DEFAULT_API))
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--dry-run", action="store_true", help="write summary.json only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    root = Path(args.logs)
    if not root.is_dir():
        LOG.error("log directory %s not found", root)
        return 2

    summary = build_summary(root, args.build)
    out = Path("summary.json")
    out.write_text(json.dumps(summary, indent=2))
    LOG.info("%d distinct crash signatures written to %s", len(summary["signatures"]), out)

    if args.dry_run or not summary["signatures"]:
        return 0
    token = os.environ.get("CRASHDESK_TOKEN")
    if not token:
        LOG.error("CRASHDESK_TOKEN is not set; use --dry-run to skip upload")
        return 3
    try:
        result = post_summary(summary, args.api, token, args.timeout)
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("tracker accepted %s signatures", result.get("accepted", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
