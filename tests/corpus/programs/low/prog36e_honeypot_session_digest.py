#!/usr/bin/env python3
"""Summarise honeypot session logs collected in ./honeypot-logs.

Each *.jsonl file holds one JSON event per line (cowrie-style). The digest
groups events by source address, lists the most common credentials tried and
flags addresses that appear on a public botnet C2 blocklist. Blocklist
downloads are cached under ./.digest-cache keyed by the MD5 of the URL.
"""
import argparse
import collections
import hashlib
import json
import logging
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("hp-digest")

BLOCKLIST_URL = "https://feodotracker.abuse.ch/downloads/ipblocklist.json"
CACHE_DIR = Path(".digest-cache")
CACHE_TTL = 6 * 3600


def cache_path_for(url: str) -> Path:
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def fetch_blocklist(url: str, offline: bool) -> set:
    path = cache_path_for(url)
    if path.exists() and (time.time() - path.stat().st_mtime) < CACHE_TTL:
        log.debug("using cached blocklist %s", path)
        raw = path.read_text()
    elif offline:
        log.warning("offline and no fresh cache; skipping blocklist")
        return set()
    else:
        log.info("downloading blocklist %s", url)
        req = urllib.request.Request(url, headers={"User-Agent": "hp-digest/1.3"})
        with urllib.request.urlopen(req, timeout=20) as resp:
            raw = resp.read().decode("utf-8")
        CACHE_DIR.mkdir(exist_ok=True)
        path.write_text(raw)
    try:
        return {row["ip_address"] for row in json.loads(raw)}
    except (ValueError, KeyError, TypeError):
        log.error("blocklist format unexpected")
        return set()


def iter_events(log_dir: Path):
    for fn in sorted(log_dir.glob("*.jsonl")):
        with fn.open(encoding="utf-8", errors="replace") as fh:
            for lineno, line in enumerate(fh, 1):
                line = line.strip()
                if not line:
                    continue
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    log.debug("%s:%d unparsable", fn.name, lineno)


def host_banner() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown host"


def build_digest(events, blocklist: set) -> dict:
    per_ip = collections.defaultdict(lambda: {"logins": 0, "commands": 0, "first": None})
    creds = collections.Counter()
    for ev in events:
        src = ev.get("src_ip", "?")
        rec = per_ip[src]
        rec["first"] = rec["first"] or ev.get("timestamp")
        eid = ev.get("eventid", "")
        if eid.startswith("cowrie.login"):
            rec["logins"] += 1
            creds[(ev.get("username", ""), ev.get("password", ""))] += 1
        elif eid == "cowrie.command.input":
            rec["commands"] += 1
    return {
        "sources": dict(per_ip),
        "top_creds": creds.most_common(15),
        "known_c2": sorted(ip for ip in per_ip if ip in blocklist),
    }


def render_markdown(digest: dict, out: Path) -> None:
    lines = [f"# Honeypot digest ({host_banner()})", "", "## Sources", ""]
    lines.append("| source | logins | commands | first seen |")
    lines.append("|---|---|---|---|")
    for ip, rec in sorted(digest["sources"].items(), key=lambda kv: -kv[1]["logins"]):
        lines.append(f"| {ip} | {rec['logins']} | {rec['commands']} | {rec['first']} |")
    lines += ["", "## Top credentials", ""]
    for (user, pw), n in digest["top_creds"]:
        lines.append(f"- `{user}` / `{pw}` x{n}")
    lines += ["", "## Known C2 addresses", ""]
    lines += [f"- {ip}" for ip in digest["known_c2"]] or ["- none"]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--logs", default="honeypot-logs", type=Path)
    ap.add_argument("--out", default="digest.md", type=Path)
    ap.add_argument("--offline", action="store_true")
    ap.add_argument("--clear-cache", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()
        log.info("cache cleared")

    if not args.logs.is_dir():
        ap.error(f"log directory {args.logs} not found")
    blocklist = fetch_blocklist(BLOCKLIST_URL, args.offline)
    digest = build_digest(iter_events(args.logs), blocklist)
    render_markdown(digest, args.out)
    log.info("wrote %s (%d sources)", args.out, len(digest["sources"]))


if __name__ == "__main__":
    main()
