#!/usr/bin/env python3
"""Send a team callout to the pager gateway.

Reads a callout description (JSON file or stdin), validates the grid
reference and pushes it to the team's pager API so that every member on
the active rota gets an SMS / app notification.

Usage:
    callout_pager_notify.py callout.json
    echo '{"incident": "...", ...}' | callout_pager_notify.py -
"""

import argparse
import configparser
import http.client
import json
import logging
import os
import platform
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("callout-pager")

DEFAULT_CONFIG = Path("pager.ini")
GRID_RE = re.compile(r"^[A-Z]{2}\s?\d{3,5}\s?\d{3,5}$")


class PagerConfig:
    def __init__(self, path: Path):
        cp = configparser.ConfigParser()
        if path.exists():
            cp.read(path)
        section = cp["gateway"] if cp.has_section("gateway") else {}
        self.endpoint = section.get("endpoint", "https://pager.mrt-gateway.example.org/v2/callouts")
        self.team_id = section.get("team_id", "MRT-07")
        self.priority_default = section.get("priority", "urgent")
        self.retries = int(section.get("retries", "3"))
        self.timeout = float(section.get("timeout", "8"))


def load_callout(src: str) -> dict:
    raw = sys.stdin.read() if src == "-" else Path(src).read_text(encoding="utf-8")
    data = json.loads(raw)
    for field in ("incident", "grid", "summary"):
        if not data.get(field):
            raise ValueError(f"callout is missing '{field}'")
    grid = data["grid"].upper().strip()
    if not GRID_RE.match(grid):
        raise ValueError(f"grid reference '{grid}' does not look like an OS grid ref")
    data["grid"] = grid
    return data


def _runtime_context() -> dict:
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "sent_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def build_payload(cfg: PagerConfig, callout: dict) -> dict:
    return {
        "team": cfg.team_id,
        "priority": callout.get("priority", cfg.priority_default),
        "incident": callout["incident"],
        "grid": callout["grid"],
        "rv": callout.get("rendezvous", "base"),
        "message": callout["summary"][:300],
        "context": _runtime_context(),
    }


def post_json(cfg: PagerConfig, payload: dict, api_key: str) -> dict:
    parts = urlsplit(cfg.endpoint)
    body = json.dumps(payload).encode("utf-8")
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
        "User-Agent": "mrt-callout-pager/1.4",
    }
    last_err = None
    for attempt in range(1, cfg.retries + 1):
        conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=cfg.timeout)
        try:
            conn.request("POST", parts.path or "/", body=body, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode("utf-8", "replace")
            if 200 <= resp.status < 300:
                return json.loads(text) if text else {}
            last_err = f"HTTP {resp.status}: {text[:200]}"
            LOG.warning("attempt %d failed: %s", attempt, last_err)
        except (OSError, http.client.HTTPException) as exc:
            last_err = str(exc)
            LOG.warning("attempt %d error: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    raise RuntimeError(f"pager gateway unreachable: {last_err}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("callout", help="callout JSON file, or - for stdin")
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--dry-run", action="store_true", help="print payload, do not page")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = PagerConfig(args.config)
    try:
        callout = load_callout(args.callout)
    except (ValueError, OSError, json.JSONDecodeError) as exc:
        LOG.error("bad callout: %s", exc)
        return 2

    payload = build_payload(cfg, callout)
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    api_key = os.environ.get("MRT_PAGER_API_KEY")
    if not api_key:
        LOG.error("MRT_PAGER_API_KEY is not set")
        return 2
    try:
        result = post_json(cfg, payload, api_key)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("paged %s members for %s (ref %s)",
             result.get("recipients", "?"), callout["incident"], result.get("id", "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
