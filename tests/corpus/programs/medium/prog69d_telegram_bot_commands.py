#!/usr/bin/env python3
"""Small Telegram command bot with drop-in plugins.

Each file in ./plugins defines COMMAND = "/name" and handle(bot, message, args).
Plugins are reloaded on /reload so chat commands can be iterated on without
restarting the long-poll loop.
"""
import argparse
import logging
import os
import pathlib
import signal
import sys
import time
import types

import requests

API = "https://api.telegram.org/bot{token}/{method}"
log = logging.getLogger("tgbot")


class PluginRegistry:
    plugin_dir = pathlib.Path("plugins")

    def __init__(self):
        self.commands = {}

    def _load_source(self, name, source, origin):
        module = types.ModuleType(f"tgplugin_{name}")
        module.__file__ = origin
        code = compile(source, origin, "exec")
        exec(code, module.__dict__)
        cmd = getattr(module, "COMMAND", None)
        if not cmd or not callable(getattr(module, "handle", None)):
            raise ValueError(f"{origin}: needs COMMAND and handle()")
        self.commands[cmd] = module
        return cmd

    def load_all(self):
        self.commands.clear()
        if not self.plugin_dir.is_dir():
            log.warning("no %s directory, running with built-ins only", self.plugin_dir)
            return
        for path in sorted(self.plugin_dir.glob("*.py")):
            try:
                cmd = self._load_source(path.stem, path.read_text(encoding="utf-8"), str(path))
                log.info("loaded %s from %s", cmd, path.name)
            except Exception as exc:  # keep the bot alive on a broken plugin
                log.error("plugin %s failed: %s", path.name, exc)


class Bot:
    def __init__(self, token, registry, poll_timeout=30):
        self.token = token
        self.registry = registry
        self.poll_timeout = poll_timeout
        self.session = requests.Session()
        self.offset = 0
        self.running = True

    def call(self, method, **params):
        resp = self.session.post(API.format(token=self.token, method=method),
                                 json=params, timeout=self.poll_timeout + 10)
        resp.raise_for_status()
        data = resp.json()
        if not data.get("ok"):
            raise RuntimeError(data.get("description"))
        return data["result"]

    def reply(self, message, text):
        return self.call("sendMessage", chat_id=message["chat"]["id"], text=text,
                         reply_to_message_id=message["message_id"])

    def dispatch(self, message):
        text = message.get("text", "")
        if not text.startswith("/"):
            return
        cmd, _, rest = text.partition(" ")
        cmd = cmd.split("@", 1)[0]
        if cmd == "/reload":
            self.registry.load_all()
            self.reply(message, f"{len(self.registry.commands)} plugins loaded")
            return
        if cmd == "/help":
            self.reply(message, "\n".join(sorted(self.registry.commands)) or "no commands")
            return
        plugin = self.registry.commands.get(cmd)
        if plugin is None:
            return
        try:
            plugin.handle(self, message, rest.split())
        except Exception as exc:
            log.exception("handler for %s failed", cmd)
            self.reply(message, f"error: {exc}")

    def run(self):
        backoff = 1
        while self.running:
            try:
                updates = self.call("getUpdates", offset=self.offset, timeout=self.poll_timeout)
                backoff = 1
            except (requests.RequestException, RuntimeError) as exc:
                log.warning("getUpdates failed: %s (retry in %ss)", exc, backoff)
                time.sleep(backoff)
                backoff = min(backoff * 2, 60)
                continue
            for upd in updates:
                self.offset = upd["update_id"] + 1
                if "message" in upd:
                    self.dispatch(upd["message"])


def main():
    ap = argparse.ArgumentParser(description="Telegram command bot")
    ap.add_argument("--plugins", default="plugins")
    ap.add_argument("--poll-timeout", type=int, default=30)
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    token = os.environ.get("TELEGRAM_BOT_TOKEN")
    if not token:
        log.error("TELEGRAM_BOT_TOKEN missing")
        return 1

    PluginRegistry.plugin_dir = pathlib.Path(args.plugins)
    registry = PluginRegistry()
    registry.load_all()
    bot = Bot(token, registry, args.poll_timeout)

    def stop(*_):
        bot.running = False
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    bot.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
