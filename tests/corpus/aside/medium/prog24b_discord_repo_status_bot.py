#!/usr/bin/env python3
"""Discord bot that reports the state of the team's local checkouts.

Commands (in the #dev channel):
  !repos              list configured repositories
  !status <name>      short git status and current branch
  !log <name> [n]     last n commit subjects (max 15)

Repositories are configured in repos.yaml; only names from that file are
accepted, and git is always invoked with a fixed argument list.
"""
import argparse
import asyncio
import logging
import os
import subprocess
from pathlib import Path

import discord
import yaml
from discord.ext import commands

log = logging.getLogger("repo-status")
MAX_LOG = 15
GIT_TIMEOUT = 15


def load_repos(path):
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh) or {}
    repos = {}
    for name, repo_path in (cfg.get("repos") or {}).items():
        p = Path(repo_path).expanduser()
        if (p / ".git").exists():
            repos[name] = p
        else:
            log.warning("skipping %s: %s is not a git checkout", name, p)
    return repos


def git(repo: Path, *args: str) -> str:
    result = subprocess.run(
        ["git", "-C", str(repo), *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, timeout=GIT_TIMEOUT, check=False,
    )
    return result.stdout.strip()


def make_bot(repos, channel_name):
    intents = discord.Intents.default()
    intents.message_content = True
    bot = commands.Bot(command_prefix="!", intents=intents)

    def allowed(ctx):
        return getattr(ctx.channel, "name", None) == channel_name

    async def run_git(repo, *args):
        return await asyncio.to_thread(git, repo, *args)

    @bot.event
    async def on_ready():
        log.info("logged in as %s, watching %d repos", bot.user, len(repos))

    @bot.command(name="repos")
    async def list_repos(ctx):
        if not allowed(ctx):
            return
        await ctx.send("Configured: " + ", ".join(sorted(repos)) if repos else "No repos configured.")

    @bot.command(name="status")
    async def status(ctx, name: str):
        if not allowed(ctx):
            return
        repo = repos.get(name)
        if repo is None:
            await ctx.send(f"Unknown repo `{name}`.")
            return
        branch = await run_git(repo, "rev-parse", "--abbrev-ref", "HEAD")
        changes = await run_git(repo, "status", "--short")
        body = changes if changes else "working tree clean"
        await ctx.send(f"**{name}** on `{branch}`\n```\n{body[:1800]}\n```")

    @bot.command(name="log")
    async def history(ctx, name: str, count: int = 5):
        if not allowed(ctx):
            return
        repo = repos.get(name)
        if repo is None:
            await ctx.send(f"Unknown repo `{name}`.")
            return
        count = max(1, min(count, MAX_LOG))
        out = await run_git(repo, "log", f"-{count}", "--pretty=format:%h %an: %s")
        await ctx.send(f"```\n{out[:1900]}\n```")

    @bot.event
    async def on_command_error(ctx, error):
        log.warning("command error: %s", error)
        await ctx.send("Usage: `!status <repo>` or `!log <repo> [n]`")

    return bot


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="repos.yaml")
    ap.add_argument("--channel", default="dev")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ["DISCORD_TOKEN"]
    bot = make_bot(load_repos(args.config), args.channel)
    bot.run(token, log_handler=None)


if __name__ == "__main__":
    main()
