#!/usr/bin/env python3
"""Post a daily player digest for a Minecraft server to a Discord channel.

Parses logs/latest.log (and rotated logs) in the server directory, counts
joins and playtime per player, and posts an embed through the Discord REST
API using the bot token from DISCORD_BOT_TOKEN.
"""
import argparse
import gzip
import json
import logging
import os
import re
import urllib.request
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path

DISCORD_API = "https://discord.com/api/v10"
JOIN_RE = re.compile(r"^\[(\d\d:\d\d:\d\d)\].*?: (\w{3,16}) joined the game")
LEAVE_RE = re.compile(r"^\[(\d\d:\d\d:\d\d)\].*?: (\w{3,16}) left the game")
log = logging.getLogger("digest")


def open_log(path: Path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", errors="replace")
    return open(path, "r", errors="replace")


def parse_sessions(log_files):
    joins = defaultdict(int)
    playtime = defaultdict(timedelta)
    online = {}
    for path in log_files:
        with open_log(path) as fh:
            for line in fh:
                if (m := JOIN_RE.match(line)):
                    ts = datetime.strptime(m.group(1), "%H:%M:%S")
                    joins[m.group(2)] += 1
                    online[m.group(2)] = ts
                elif (m := LEAVE_RE.match(line)) and m.group(2) in online:
                    ts = datetime.strptime(m.group(1), "%H:%M:%S")
                    delta = ts - online.pop(m.group(2))
                    if delta.total_seconds() > 0:
                        playtime[m.group(2)] += delta
    return joins, playtime


def build_embed(joins, playtime, server_name):
    ranked = sorted(playtime.items(), key=lambda kv: kv[1], reverse=True)[:10]
    lines = [f"**{name}** — {int(t.total_seconds() // 60)} min, {joins[name]} joins"
             for name, t in ranked] or ["Nobody played today."]
    return {
        "title": f"{server_name}: daily digest",
        "description": "\n".join(lines),
        "color": 0x3BA55D,
        "footer": {"text": f"{len(joins)} unique players"},
    }


def post_embed(channel_id: str, token: str, embed: dict) -> int:
    body = json.dumps({"embeds": [embed]}).encode()
    req = urllib.request.Request(
        f"{DISCORD_API}/channels/{channel_id}/messages",
        data=body,
        method="POST",
        headers={"Authorization": f"Bot {token}",
                 "Content-Type": "application/json",
                 "User-Agent": "DiscordBot (https://example.org/digest, 0.3)"},
    )
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server-dir", default=".")
    ap.add_argument("--channel", required=True, help="Discord channel id")
    ap.add_argument("--name", default="Survival SMP")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    logs_dir = Path(args.server_dir) / "logs"
    today = datetime.now().strftime("%Y-%m-%d")
    files = sorted(logs_dir.glob(f"{today}-*.log.gz")) + [logs_dir / "latest.log"]
    files = [f for f in files if f.exists()]
    joins, playtime = parse_sessions(files)
    embed = build_embed(joins, playtime, args.name)

    if args.dry_run:
        print(json.dumps(embed, indent=2, default=str))
        return
    token = os.environ.get("DISCORD_BOT_TOKEN")
    if not token:
        raise SystemExit("DISCORD_BOT_TOKEN is not set")
    status = post_embed(args.channel, token, embed)
    log.info("posted digest (%s players), HTTP %s", len(joins), status)


if __name__ == "__main__":
    main()
