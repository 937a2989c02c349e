#!/usr/bin/env python3
"""Daily digest of SSH honeypot sessions.

Parses cowrie-style JSON logs copied into ./honeypot-logs/, groups sessions by
source address, decodes base64 blobs that attackers typed (for display only)
and writes a Markdown digest into ./reports/.  Parsed files are cached by an
MD5 of their contents so re-runs are fast.
"""
import argparse
import base64
import binascii
import hashlib
import json
import logging
import os
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("hp-digest")
B64_RE = re.compile(r"(?:echo|printf)\s+['\"]?([A-Za-z0-9+/]{16,}={0,2})['\"]?\s*\|\s*base64\s+-d")


@dataclass
class Session:
    sid: str
    src_ip: str
    usernames: set = field(default_factory=set)
    commands: list = field(default_factory=list)
    downloads: list = field(default_factory=list)


def cache_key(path: Path) -> str:
    digest = hashlib.md5(path.read_bytes()).hexdigest()
    return f"{path.stem}-{digest}"


def parse_file(path: Path, cache_dir: Path):
    cached = cache_dir / (cache_key(path) + ".json")
    if cached.exists():
        return json.loads(cached.read_text())
    events = []
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    cached.write_text(json.dumps(events))
    return events


def decode_for_display(command: str):
    match = B64_RE.search(command)
    if not match:
        return None
    try:
        text = base64.b64decode(match.group(1), validate=True).decode("utf-8", "replace")
    except (binascii.Error, ValueError):
        return None
    return text.replace("`", "'")[:400]


def build_sessions(events):
    sessions = {}
    for ev in events:
        sid = ev.get("session")
        if not sid:
            continue
        sess = sessions.setdefault(sid, Session(sid, ev.get("src_ip", "?")))
        eid = ev.get("eventid", "")
        if eid.startswith("cowrie.login"):
            sess.usernames.add(ev.get("username", ""))
        elif eid == "cowrie.command.input":
            sess.commands.append(ev.get("input", ""))
        elif eid == "cowrie.session.file_download":
            sess.downloads.append(ev.get("url", ""))
    return sessions


def os_label():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def render(sessions, out: Path):
    by_ip = defaultdict(list)
    for s in sessions.values():
        by_ip[s.src_ip].append(s)
    top_cmds = Counter(c.split()[0] for s in sessions.values() for c in s.commands if c.strip())
    lines = [f"# Honeypot digest {datetime.now(timezone.utc):%Y-%m-%d}",
             f"_collector host: {os_label()}_", "",
             f"Sessions: {len(sessions)}, sources: {len(by_ip)}", "",
             "## Most common first words", ""]
    lines += [f"- `{cmd}` x{n}" for cmd, n in top_cmds.most_common(15)]
    lines += ["", "## Sources", ""]
    for ip, items in sorted(by_ip.items(), key=lambda kv: -len(kv[1])):
        users = sorted({u for s in items for u in s.usernames})
        lines.append(f"### {ip} ({len(items)} sessions) users: {', '.join(users) or '-'}")
        for s in items:
            for cmd in s.commands:
                lines.append(f"    $ {cmd}")
                decoded = decode_for_display(cmd)
                if decoded:
                    lines.append(f"      [decoded] {decoded!r}")
            for url in s.downloads:
                lines.append(f"    download attempt: {url}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.chmod(out, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--logs", type=Path, default=Path("honeypot-logs"))
    ap.add_argument("--reports", type=Path, default=Path("reports"))
    ap.add_argument("--cache", type=Path, default=Path(".digest-cache"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    args.reports.mkdir(exist_ok=True)
    args.cache.mkdir(exist_ok=True)
    events = []
    for path in sorted(args.logs.glob("*.json*")):
        log.debug("parsing %s", path)
        events.extend(parse_file(path, args.cache))
    sessions = build_sessions(events)
    out = args.reports / f"digest-{datetime.now():%Y%m%d}.md"
    render(sessions, out)
    log.info("wrote %s (%d sessions)", out, len(sessions))


if __name__ == "__main__":
    main()
