#!/usr/bin/env python3
"""standup-bot -- asynchronous daily stand-ups in Slack.

Every weekday at the configured time the bot posts a stand-up prompt in
the team channel.  Team members answer in the thread; at the deadline the
bot posts a digest listing who answered and who did not.

Configuration (standup.json in the working directory):

    {"channel": "C0123456", "prompt_at": "09:30", "digest_at": "11:00",
     "members": ["U01AAA", "U01BBB"], "timezone_offset_hours": 1}

Environment: SLACK_BOT_TOKEN (xoxb-...)
"""
import datetime as dt
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import requests

log = logging.getLogger("standup")
SLACK_API = "https://slack.com/api/"
CONFIG_FILE = Path("standup.json")
STATE_FILE = Path("standup_state.json")

PROMPT = (":sunrise: *Stand-up for {day}*\n"
          "Reply in this thread with:\n"
          "1. What did you do yesterday?\n2. What will you do today?\n3. Anything blocking you?")


@dataclass
class Config:
    channel: str
    members: List[str]
    prompt_at: str = "09:30"
    digest_at: str = "11:00"
    timezone_offset_hours: int = 0

    @classmethod
    def load(cls, path: Path = CONFIG_FILE) -> "Config":
        return cls(**json.loads(path.read_text(encoding="utf-8")))

    @property
    def tz(self) -> dt.timezone:
        return dt.timezone(dt.timedelta(hours=self.timezone_offset_hours))


@dataclass
class State:
    day: str = ""
    thread_ts: Optional[str] = None
    digest_posted: bool = False
    answered: Dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls) -> "State":
        if STATE_FILE.exists():
            return cls(**json.loads(STATE_FILE.read_text()))
        return cls()

    def save(self) -> None:
        STATE_FILE.write_text(json.dumps(self.__dict__, indent=1))


class SlackError(RuntimeError):
    pass


class Slack:
    """Minimal Slack Web API client."""

    def __init__(self, token: str, timeout: float = 15):
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer " + token
        self.timeout = timeout

    def _check(self, resp: requests.Response) -> dict:
        if resp.status_code == 429:
            delay = int(resp.headers.get("Retry-After", "5"))
            log.warning("rate limited, sleeping %ds", delay)
            time.sleep(delay)
            raise SlackError("ratelimited")
        resp.raise_for_status()
        data = resp.json()
        if not data.get("ok"):
            raise SlackError(data.get("error", "unknown_error"))
        return data

    def get(self, method: str, **params) -> dict:
        return self._check(self.session.get(SLACK_API + method, params=params, timeout=self.timeout))

    def post(self, method: str, payload: dict) -> dict:
        return self._check(self.session.post(SLACK_API + method, json=payload, timeout=self.timeout))

    def post_message(self, channel: str, text: str, thread_ts: Optional[str] = None) -> str:
        payload = {"channel": channel, "text": text, "unfurl_links": False}
        if thread_ts:
            payload["thread_ts"] = thread_ts
        return self.post("chat.postMessage", payload)["ts"]

    def replies(self, channel: str, ts: str) -> List[dict]:
        messages, cursor = [], None
        while True:
            params = {"channel": channel, "ts": ts, "limit": 200}
            if cursor:
                params["cursor"] = cursor
            data = self.get("conversations.replies", **params)
            messages.extend(data.get("messages", []))
            cursor = data.get("response_metadata", {}).get("next_cursor")
            if not cursor:
                return messages

    def display_name(self, user: str) -> str:
        profile = self.get("users.info", user=user)["user"].get("profile", {})
        return profile.get("display_name") or profile.get("real_name") or user


def at_or_after(now: dt.datetime, hhmm: str) -> bool:
    hour, minute = map(int, hhmm.split(":"))
    return (now.hour, now.minute) >= (hour, minute)


def build_digest(slack: Slack, cfg: Config, state: State) -> str:
    done = [m for m in cfg.members if m in state.answered]
    missing = [m for m in cfg.members if m not in state.answered]
    lines = [":clipboard: *Stand-up digest for %s*" % state.day]
    lines.append("Answered (%d/%d): %s" % (len(done), len(cfg.members),
                                           ", ".join(slack.display_name(m) for m in done) or "nobody"))
    if missing:
        lines.append("Still waiting for: %s" % " ".join("<@%s>" % m for m in missing))
    blockers = [(m, t) for m, t in state.answered.items() if "block" in t.lower()]
    for member, text in blockers:
        lines.append(":warning: %s mentioned a blocker: _%s_" % (slack.display_name(member), text[:200]))
    return "\n".join(lines)


def tick(slack: Slack, cfg: Config, state: State, now: dt.datetime) -> None:
    today = now.date().isoformat()
    if state.day != today:
        state.__init__(day=today)
    if now.weekday() >= 5:
        return
    if state.thread_ts is None and at_or_after(now, cfg.prompt_at):
        state.thread_ts = slack.post_message(cfg.channel, PROMPT.format(day=today))
        log.info("posted prompt %s", state.thread_ts)
    if state.thread_ts and not state.digest_posted:
        for msg in slack.replies(cfg.channel, state.thread_ts)[1:]:
            user = msg.get("user")
            if user in cfg.members and user not in state.answered:
                state.answered[user] = msg.get("text", "")
                log.info("answer from %s", user)
        if at_or_after(now, cfg.digest_at):
            slack.post_message(cfg.channel, build_digest(slack, cfg, state), thread_ts=state.thread_ts)
            state.digest_posted = True
    state.save()


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("SLACK_BOT_TOKEN")
    if not token:
        log.error("SLACK_BOT_TOKEN is not set")
        return 2
    cfg = Config.load()
    slack = Slack(token)
    state = State.load()
    log.info("standup bot running for channel %s (%d members)", cfg.channel, len(cfg.members))
    while True:
        try:
            tick(slack, cfg, state, dt.datetime.now(cfg.tz))
        except (SlackError, requests.RequestException) as exc:
            log.warning("tick failed: %s", exc)
        time.sleep(60)


if __name__ == "__main__":
    sys.exit(main())
