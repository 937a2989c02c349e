#!/usr/bin/env python3
"""Ops-desk Discord bot: answers quick status questions about the build box.

Commands (ops role only):
  !disk            free space of the build volumes
  !load            uptime and load average
  !recent <repo>   last five commits of a checked-out repository
"""
import asyncio
import logging
import os
import shlex
from pathlib import Path

import discord
from discord.ext import commands

log = logging.getLogger("opsdesk")
REPO_ROOT = Path(os.environ.get("OPSDESK_REPOS", "~/src")).expanduser()
OPS_ROLE = os.environ.get("OPSDESK_ROLE", "ops")

# Read-only, unprivileged status commands; the bot never takes free text.
STATUS_COMMANDS = {
    "disk": ["df", "-h", "--output=target,size,used,avail,pcent", "/", "/srv/builds"],
    "load": ["uptime"],
}


async def run_argv(argv, timeout=15.0) -> str:
    """Run a command without a shell and return (trimmed) combined output."""
    log.info("running %s", shlex.join(argv))
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        return "command timed out"
    text = out.decode(errors="replace").strip()
    return text[-1800:] if len(text) > 1800 else text


def fenced(text: str) -> str:
    return f"```\n{text or '(no output)'}\n```"


intents = discord.Intents.default()
intents.message_content = True
bot = commands.Bot(command_prefix="!", intents=intents)


@bot.event
async def on_ready():
    log.info("logged in as %s", bot.user)


@bot.command(name="disk")
@commands.has_role(OPS_ROLE)
async def disk(ctx):
    await ctx.send(fenced(await run_argv(STATUS_COMMANDS["disk"])))


@bot.command(name="load")
@commands.has_role(OPS_ROLE)
async def load(ctx):
    await ctx.send(fenced(await run_argv(STATUS_COMMANDS["load"])))


@bot.command(name="recent")
@commands.has_role(OPS_ROLE)
async def recent(ctx, repo: str):
    target = (REPO_ROOT / repo).resolve()
    if REPO_ROOT.resolve() not in target.parents or not (target / ".git").is_dir():
        await ctx.send(f"`{repo}` is not a known repository")
        return
    argv = ["git", "-C", str(target), "log", "-5", "--format=%h %an %s"]
    await ctx.send(fenced(await run_argv(argv)))


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
