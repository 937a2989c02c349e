"""Team helper bot for Slack (Socket Mode). Answers a few commands in
channels it is mentioned in: help, time <zone>, todo add/list/done.
Todos are kept in a JSON file in the working directory."""
import json
import logging
import os
import threading
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from slack_sdk.socket_mode import SocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse
from slack_sdk.web import WebClient

log = logging.getLogger("helperbot")
TODO_FILE = Path("todos.json")
_lock = threading.Lock()

HELP = ("Commands: `help`, `time <Area/City>`, `todo add <text>`, "
        "`todo list`, `todo done <n>`")


def load_todos() -> dict:
    return json.loads(TODO_FILE.read_text()) if TODO_FILE.exists() else {}


def save_todos(todos: dict) -> None:
    TODO_FILE.write_text(json.dumps(todos, indent=2))


def handle_todo(channel: str, args: list[str]) -> str:
    with _lock:
        todos = load_todos()
        items = todos.setdefault(channel, [])
        if not args or args[0] == "list":
            if not items:
                return "Nothing to do :tada:"
            return "\n".join(f"{i + 1}. {text}" for i, text in enumerate(items))
        if args[0] == "add" and len(args) > 1:
            items.append(" ".join(args[1:]))
            save_todos(todos)
            return f"Added #{len(items)}"
        if args[0] == "done" and len(args) > 1 and args[1].isdigit():
            index = int(args[1]) - 1
            if 0 <= index < len(items):
                removed = items.pop(index)
                save_todos(todos)
                return f"Done: ~{removed}~"
        return "Usage: `todo add <text>` | `todo list` | `todo done <n>`"


def answer(channel: str, text: str) -> str:
    words = text.split()[1:]  # drop the @mention
    if not words or words[0] == "help":
        return HELP
    if words[0] == "time":
        zone = words[1] if len(words) > 1 else "UTC"
        try:
            return f"It is {datetime.now(ZoneInfo(zone)):%H:%M} in {zone}"
        except ZoneInfoNotFoundError:
            return f"Unknown time zone `{zone}`"
    if words[0] == "todo":
        return handle_todo(channel, words[1:])
    return f"Sorry, I don't know `{words[0]}`. {HELP}"


def on_request(client: SocketModeClient, req: SocketModeRequest) -> None:
    client.send_socket_mode_response(SocketModeResponse(envelope_id=req.envelope_id))
    if req.type != "events_api":
        return
    event = req.payload.get("event", {})
    if event.get("type") == "app_mention" and not event.get("bot_id"):
        reply = answer(event["channel"], event.get("text", ""))
        client.web_client.chat_postMessage(channel=event["channel"], text=reply,
                                           thread_ts=event.get("thread_ts") or event["ts"])


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    client = SocketModeClient(
        app_token=os.environ["SLACK_APP_TOKEN"],
        web_client=WebClient(token=os.environ["SLACK_BOT_TOKEN"]),
    )
    client.socket_mode_request_listeners.append(on_request)
    client.connect()
    log.info("helper bot connected")
    threading.Event().wait()


if __name__ == "__main__":
    main()
