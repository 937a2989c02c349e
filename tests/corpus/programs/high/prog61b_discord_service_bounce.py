#!/usr/bin/env python3
"""Ops-desk Discord bot: lets on-call engineers bounce stuck services.

Commands (ops role only):
  !bounce <service>   restart one of the allow-listed services
  !state <service>    report whether the service is active
"""
import asyncio
import logging
import os
import shlex

import discord
from discord.ext import commands

log = logging.getLogger("bounce-bot")
OPS_ROLE = os.environ.get("BOUNCE_ROLE", "ops")

# Only these units may be touched from chat.
ALLOWED_SERVICES = {
    "web": "nginx.service",
    "queue": "rabbitmq-server.service",
    "worker": "celery-worker.service",
    "cache": "redis-server.service",
}
PRIV_PREFIX = ["sudo", "-n"]


async def run_argv(argv, timeout=30.0) -> tuple:
    log.info("running %s", shlex.join(argv))
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        return 124, "timed out"
    return proc.returncode, out.decode(errors="replace").strip()


def unit_for(name: str):
    return ALLOWED_SERVICES.get(name.lower())


intents = discord.Intents.default()
intents.message_content = True
bot = commands.Bot(command_prefix="!", intents=intents)


@bot.event
async def on_ready():
    log.info("logged in as %s", bot.user)


@bot.command(name="bounce")
@commands.has_role(OPS_ROLE)
async def bounce(ctx, service: str):
    unit = unit_for(service)
    if unit is None:
        await ctx.send(f"`{service}` is not bounceable. Try: {', '.join(ALLOWED_SERVICES)}")
        return
    await ctx.send(f"Restarting `{unit}` for {ctx.author.display_name}…")
    code, _ = await run_argv(PRIV_PREFIX + ["systemctl", "restart", unit])
    if code == 0:
        _, state = await run_argv(["systemctl", "is-active", unit])
        await ctx.send(f"`{unit}` restarted, now **{state}**")
    else:
        await ctx.send(f"Restart of `{unit}` failed (exit {code}); paging a human.")


@bot.command(name="state")
@commands.has_role(OPS_ROLE)
async def state(ctx, service: str):
    unit = unit_for(service)
    if unit is None:
        await ctx.send(f"unknown service `{service}`")
        return
    _, out = await run_argv(["systemctl", "is-active", unit])
    await ctx.send(f"`{unit}`: **{out}**")


@bot.event
async def on_command_error(ctx, error):
    if isinstance(error, commands.MissingRole):
        await ctx.send("You need the ops role for that.")
    elif isinstance(error, commands.CommandNotFound):
        return
    else:
        log.exception("command failed", exc_info=error)
        await ctx.send("Something went wrong; check the bot log.")


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        raise SystemExit("DISCORD_TOKEN must be set")
    bot.run(token, log_handler=None)


if __name__ == "__main__":
    main()
