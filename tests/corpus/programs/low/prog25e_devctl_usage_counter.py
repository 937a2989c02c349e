#!/usr/bin/env python3
"""devctl usage counter.

Reads the user's shell history, counts how often each of devctl's own
subcommands was invoked, and sends the counts (numbers only, for a fixed
list of subcommand names) to the devctl usage API. Command lines, arguments
and any other history content are never transmitted.
"""

import argparse
import json
import logging
import os
import re
import time
from collections import Counter
from pathlib import Path
from typing import Dict, Iterator

import requests

LOG = logging.getLogger("devctl-usage")

USAGE_URL = "https://api.devctl.dev/v1/usage"
SUBCOMMANDS = ("login", "logout", "deploy", "logs", "env", "profile", "doctor", "upgrade")
HISTORY_FILES = [".bash_history", ".zsh_history"]
ZSH_PREFIX = re.compile(r"^: \d+:\d+;")
CACHE = Path(".devctl-usage-last.json")


def history_lines(home: Path) -> Iterator[str]:
    for rel in HISTORY_FILES:
        path = home / rel
        if not path.exists():
            continue
        with path.open(encoding="utf-8", errors="replace") as fh:
            for raw in fh:
                yield ZSH_PREFIX.sub("", raw.strip())


def count_subcommands(lines: Iterator[str]) -> Dict[str, int]:
    counts: Counter = Counter({name: 0 for name in SUBCOMMANDS})
    for line in lines:
        words = line.split()
        if len(words) < 2 or os.path.basename(words[0]) != "devctl":
            continue
        if words[1] in SUBCOMMANDS:
            counts[words[1]] += 1
    return dict(counts)


def delta(current: Dict[str, int], previous: Dict[str, int]) -> Dict[str, int]:
    return {k: max(0, current.get(k, 0) - previous.get(k, 0)) for k in SUBCOMMANDS}


def load_previous() -> Dict[str, int]:
    try:
        return json.loads(CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def build_payload(counts: Dict[str, int], version: str) -> Dict:
    return {
        "client": "devctl",
        "client_version": version,
        "period_end": int(time.time()),
        "counts": {k: int(v) for k, v in counts.items() if k in SUBCOMMANDS},
    }


class UsageClient:
    def __init__(self, url: str, api_key: str):
        self.url = url
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {api_key}"

    def send(self, payload: Dict, retries: int = 3) -> bool:
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(self.url, json=payload, timeout=10)
                if resp.status_code in (200, 202, 204):
                    return True
                LOG.warning("usage API returned %s", resp.status_code)
            except requests.RequestException as exc:
                LOG.warning("attempt %d: %s", attempt, exc)
            time.sleep(attempt)
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=USAGE_URL)
    ap.add_argument("--client-version", default="2.4.0")
    ap.add_argument("--print-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.environ.get("DEVCTL_TELEMETRY", "1") == "0":
        LOG.info("telemetry disabled by DEVCTL_TELEMETRY=0")
        return 0

    current = count_subcommands(history_lines(Path.home()))
    payload = build_payload(delta(current, load_previous()), args.client_version)
    print(json.dumps(payload["counts"], indent=2))
    if args.print_only or not any(payload["counts"].values()):
        return 0

    api_key = os.environ.get("DEVCTL_API_KEY")
    if not api_key:
        LOG.error("DEVCTL_API_KEY not set")
        return 1
    if UsageClient(args.url, api_key).send(payload):
        CACHE.write_text(json.dumps(current), encoding="utf-8")
        LOG.info("usage counts sent")
        return 0
    LOG.error("could not send usage counts")
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
