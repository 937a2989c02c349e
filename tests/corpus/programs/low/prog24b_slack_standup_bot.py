#!/usr/bin/env python3
"""Async standup helper for Slack.

Posts the daily standup prompt into each configured channel, then (in
"summary" mode) collects the thread replies and posts a short digest.
Configuration lives in ./standup.json; the bot token comes from the
SLACK_BOT_TOKEN environment variable and is only ever sent to slack.com.
"""
import argparse
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

SLACK_API = "https://slack.com/api/"
STATE_FILE = Path("standup_state.json")
log = logging.getLogger("standup")


@dataclass
class Team:
    name: str
    channel: str
    questions: list = field(default_factory=list)


class SlackClient:
    def __init__(self, token, timeout=10):
        self._session = requests.Session()
        self._session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json; charset=utf-8",
        })
        self._timeout = timeout

    def call(self, method, http="post", **params):
        url = SLACK_API + method
        if http == "get":
            resp = self._session.get(url, params=params, timeout=self._timeout)
        else:
            resp = self._session.post(url, json=params, timeout=self._timeout)
        resp.raise_for_status()
        data = resp.json()
        if not data.get("ok"):
            if data.get("error") == "ratelimited":
                time.sleep(int(resp.headers.get("Retry-After", "5")))
                return self.call(method, http=http, **params)
            raise RuntimeError(f"slack {method} failed: {data.get('error')}")
        return data


def load_teams(path):
    with open(path, encoding="utf-8") as fh:
        raw = json.load(fh)
    return [Team(t["name"], t["channel"], t.get("questions", [])) for t in raw["teams"]]


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))


def post_prompts(client, teams, state):
    today = time.strftime("%Y-%m-%d")
    for team in teams:
        if state.get(team.name, {}).get("date") == today:
            log.info("prompt already posted for %s", team.name)
            continue
        lines = [f":wave: *{team.name} standup* for {today}. Reply in the thread:"]
        lines += [f"• {q}" for q in team.questions]
        resp = client.call("chat.postMessage", channel=team.channel, text="\n".join(lines))
        state[team.name] = {"date": today, "ts": resp["ts"], "channel": team.channel}
        log.info("posted prompt for %s (ts=%s)", team.name, resp["ts"])


def post_summaries(client, teams, state):
    for team in teams:
        entry = state.get(team.name)
        if not entry:
            continue
        replies = client.call(
            "conversations.replies", http="get",
            channel=entry["channel"], ts=entry["ts"], limit=200,
        ).get("messages", [])[1:]
        people = sorted({m.get("user", "?") for m in replies})
        text = (
            f"*{team.name}* standup: {len(replies)} updates from {len(people)} people. "
            + (" ".join(f"<@{u}>" for u in people) if people else "No replies yet.")
        )
        client.call("chat.postMessage", channel=entry["channel"],
                    thread_ts=entry["ts"], text=text)
        log.info("summary posted for %s", team.name)


def main():
    ap = argparse.ArgumentParser(description="Slack standup bot")
    ap.add_argument("mode", choices=["prompt", "summary"])
    ap.add_argument("--config", default="standup.json")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        log.error("SLACK_BOT_TOKEN is not set")
        return 2
    client = SlackClient(token)
    teams = load_teams(args.config)
    state = load_state()
    try:
        if args.mode == "prompt":
            post_prompts(client, teams, state)
        else:
            post_summaries(client, teams, state)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("slack call failed: %s", exc)
        return 1
    finally:
        save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
