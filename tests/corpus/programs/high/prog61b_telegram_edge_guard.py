#!/usr/bin/env python3
"""Telegram bot for the edge box: lets admins block noisy sources quickly.

  /block <ip> [minutes]   drop traffic from an address (default 60 min)
  /unblock <ip>           remove the rule again
  /blocked                list current temporary blocks

Polls the Bot API with getUpdates; only chat ids in EDGE_ADMINS are obeyed.
"""
import ipaddress
import json
import logging
import os
import subprocess
import time
import urllib.parse
import urllib.request

log = logging.getLogger("edge-guard")
API = "https://api.telegram.org/bot{token}/{method}"
CHAIN = "INPUT"
COMMENT = "tg-edge-guard"


class TelegramClient:
    def __init__(self, token: str):
        self.token = token

    def call(self, method: str, **params):
        url = API.format(token=self.token, method=method)
        data = urllib.parse.urlencode(params).encode()
        with urllib.request.urlopen(url, data=data, timeout=40) as resp:
            return json.load(resp)["result"]

    def say(self, chat_id: int, text: str):
        self.call("sendMessage", chat_id=chat_id, text=text)


class Firewall:
    def __init__(self):
        self.expiry = {}

    def _rule(self, action: str, ip: str):
        binary = "ip6tables" if ipaddress.ip_address(ip).version == 6 else "iptables"
        argv = [binary, action, CHAIN, "-s", ip, "-j", "DROP",
                "-m", "comment", "--comment", COMMENT]
        subprocess.run(argv, check=True, capture_output=True, timeout=10)

    def block(self, ip: str, minutes: int):
        if ip not in self.expiry:
            self._rule("-I", ip)
        self.expiry[ip] = time.time() + minutes * 60

    def unblock(self, ip: str):
        if self.expiry.pop(ip, None) is not None:
            self._rule("-D", ip)

    def expire(self):
        now = time.time()
        for ip in [i for i, t in self.expiry.items() if t <= now]:
            log.info("block on %s expired", ip)
            self.unblock(ip)


def handle(text: str, fw: Firewall) -> str:
    parts = text.split()
    cmd, args = parts[0].split("@")[0], parts[1:]
    if cmd == "/blocked":
        return "\n".join(f"{ip} ({int((t - time.time()) / 60)} min left)"
                         for ip, t in fw.expiry.items()) or "nothing blocked"
    if cmd not in ("/block", "/unblock") or not args:
        return "usage: /block <ip> [minutes] | /unblock <ip> | /blocked"
    ip = str(ipaddress.ip_address(args[0]))
    if ipaddress.ip_address(ip).is_private:
        return "refusing to block a private address"
    if cmd == "/block":
        minutes = min(int(args[1]) if len(args) > 1 else 60, 24 * 60)
        fw.block(ip, minutes)
        return f"blocked {ip} for {minutes} min"
    fw.unblock(ip)
    return f"unblocked {ip}"


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    tg = TelegramClient(os.environ["EDGE_BOT_TOKEN"])
    admins = {int(x) for x in os.environ.get("EDGE_ADMINS", "").split(",") if x}
    fw, offset = Firewall(), 0
    while True:
        fw.expire()
        try:
            updates = tg.call("getUpdates", offset=offset, timeout=30)
        except OSError as exc:
            log.warning("poll failed: %s", exc)
            time.sleep(5)
            continue
        for upd in updates:
            offset = upd["update_id"] + 1
            msg = upd.get("message") or {}
            chat, text = msg.get("chat", {}).get("id"), msg.get("text", "")
            if chat not in admins or not text.startswith("/"):
                continue
            try:
                reply = handle(text, fw)
            except (ValueError, subprocess.CalledProcessError) as exc:
                reply = f"error: {exc}"
            tg.say(chat, reply)


if __name__ == "__main__":
    main()
