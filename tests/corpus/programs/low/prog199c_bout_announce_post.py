#!/usr/bin/env python3
"""Post bout results to the league announcements API.

Reads the final score sheet written by the scoreboard export (JSON in the
working directory), formats a short announcement and posts it to the
league's announcements service, which fans out to the website and the
newsletter.
"""
import argparse
import asyncio
import importlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("announce")


@dataclass
class AnnounceClient:
    base: str = os.environ.get("ANNOUNCE_API", "https://api.example.com/v2")
    token: str = field(default_factory=lambda: os.environ.get("DERBY_ANNOUNCE_TOKEN", ""))
    timeout: float = 15.0

    def _post(self, path, payload):
        req = importlib.import_module("urllib.request")
        r = req.Request(f"{self.base}/{path}", data=json.dumps(payload).encode(),
                        method="POST",
                        headers={"Content-Type": "application/json",
                                 "Authorization": f"Bearer {self.token}"})
        with req.urlopen(r, timeout=self.timeout) as resp:
            return resp.status, json.load(resp)

    async def post(self, path, payload):
        return await asyncio.to_thread(self._post, path, payload)


def headline(sheet):
    home, away = sheet["home"], sheet["away"]
    hs, as_ = sheet["home_score"], sheet["away_score"]
    winner, loser = (home, away) if hs >= as_ else (away, home)
    return f"{winner} defeat {loser} {max(hs, as_)}-{min(hs, as_)}"


def body(sheet):
    lines = [headline(sheet), ""]
    for award in ("mvp_jammer", "mvp_blocker"):
        if sheet.get(award):
            lines.append(f"{award.replace('_', ' ').title()}: {sheet[award]}")
    if sheet.get("venue"):
        lines.append(f"Venue: {sheet['venue']}")
    return "\n".join(lines)


FORMATS = {"short": headline, "full": body}


async def run(args):
    sheet = json.loads(Path(args.sheet).read_text())
    text = FORMATS[args.format](sheet)
    if args.dry_run:
        print(text)
        return 0
    client = AnnounceClient()
    if not client.token:
        log.error("DERBY_ANNOUNCE_TOKEN is not set")
        return 1
    payload = {"channel": args.channel, "title": headline(sheet), "text": text,
               "tags": ["bout", sheet.get("season", "")]}
    status, reply = await client.post("announcements", payload)
    log.info("posted (%s) id=%s", status, reply.get("id"))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sheet", default="final_score.json")
    ap.add_argument("--format", choices=sorted(FORMATS), default="full")
    ap.add_argument("--channel", default="results")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        return asyncio.run(run(args))
    except (OSError, ValueError, KeyError) as exc:
        log.error("announcement failed: %s", exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
