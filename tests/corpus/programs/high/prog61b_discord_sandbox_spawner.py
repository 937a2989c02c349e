#!/usr/bin/env python3
"""Discord bot that hands out short-lived scratch containers to the team.

  /scratch <flavour>   start a container from an approved image
  /scratch-stop <id>   stop one of your own containers

Talks to the local Docker Engine API directly over its UNIX socket so the
bot image does not need the docker CLI or SDK.
"""
import http.client
import json
import logging
import os
import socket

import discord
from discord import app_commands

log = logging.getLogger("scratch-bot")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
FLAVOURS = {
    "python": "python:3.12-slim",
    "node": "node:20-bookworm-slim",
    "debian": "debian:bookworm-slim",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/v1.43{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{resp.status}: {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def start_scratch(self, image: str, owner: str) -> str:
        spec = {
            "Image": image,
            "Cmd": ["sleep", "3600"],
            "Labels": {"scratch.owner": owner},
            "HostConfig": {"AutoRemove": True, "Memory": 512 * 1024 * 1024},
        }
        created = self.call("POST", "/containers/create", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"][:12]

    def stop_owned(self, short_id: str, owner: str) -> bool:
        info = self.call("GET", f"/containers/{short_id}/json")
        if info["Config"]["Labels"].get("scratch.owner") != owner:
            return False
        self.call("POST", f"/containers/{short_id}/stop?t=5")
        return True


class ScratchBot(discord.Client):
    def __init__(self, engine: Engine):
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.engine = engine

    async def setup_hook(self):
        await self.tree.sync()


engine = Engine(DOCKER_SOCK)
client = ScratchBot(engine)


@client.tree.command(name="scratch", description="Start a scratch container")
@app_commands.choices(flavour=[app_commands.Choice(name=k, value=k) for k in FLAVOURS])
async def scratch(interaction: discord.Interaction, flavour: str):
    try:
        cid = engine.start_scratch(FLAVOURS[flavour], str(interaction.user.id))
    except (OSError, RuntimeError) as exc:
        log.error("start failed: %s", exc)
        await interaction.response.send_message("Docker refused; try later.", ephemeral=True)
        return
    await interaction.response.send_message(f"Started `{cid}` ({flavour}), lives 1h.", ephemeral=True)


@client.tree.command(name="scratch-stop", description="Stop one of your scratch containers")
async def scratch_stop(interaction: discord.Interaction, container: str):
    try:
        ok = engine.stop_owned(container, str(interaction.user.id))
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("stop failed: %s", exc)
        ok = False
    msg = f"Stopped `{container}`." if ok else "Not yours, or already gone."
    await interaction.response.send_message(msg, ephemeral=True)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)
