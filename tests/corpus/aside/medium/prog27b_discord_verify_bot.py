#!/usr/bin/env python3
"""Discord bot for a game community: links Discord members to in-game names.

A member runs !link <ingame-name>, receives a verification code by DM and
types it in game chat; a moderator confirms it with !confirm."""
import os
import random
import string

import discord
import yaml

CONFIG_FILE = "botconfig.yml"


def load_config():
    with open(CONFIG_FILE, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def new_code(length=8):
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


config = load_config()
intents = discord.Intents.default()
intents.message_content = True
intents.members = True
client = discord.Client(intents=intents)
pending = {}
linked = {}


async def handle_link(message, args):
    if not args:
        await message.channel.send("usage: !link <ingame-name>")
        return
    name = args[0]
    code = new_code()
    pending[code] = (message.author.id, name)
    await message.author.send(
        f"Type `/verify {code}` in game chat as **{name}**, then ask a moderator to run "
        f"`!confirm {code}`."
    )
    await message.channel.send(f"{message.author.mention}, check your DMs.")


async def handle_confirm(message, args):
    mod_role = config.get("moderator_role", "Moderator")
    if not any(r.name == mod_role for r in getattr(message.author, "roles", [])):
        await message.channel.send("only moderators can confirm links")
        return
    if not args or args[0] not in pending:
        await message.channel.send("unknown code")
        return
    user_id, name = pending.pop(args[0])
    linked[user_id] = name
    member = message.guild.get_member(user_id)
    role_name = config.get("verified_role", "Verified")
    role = discord.utils.get(message.guild.roles, name=role_name)
    if member and role:
        await member.add_roles(role, reason=f"linked to {name}")
    await message.channel.send(f"linked <@{user_id}> to **{name}**")


async def handle_whois(message, args):
    if not message.mentions:
        await message.channel.send("usage: !whois @member")
        return
    user = message.mentions[0]
    name = linked.get(user.id)
    await message.channel.send(f"{user.display_name} is **{name}** in game" if name
                               else f"{user.display_name} has not linked an account")


COMMANDS = {"!link": handle_link, "!confirm": handle_confirm, "!whois": handle_whois}


@client.event
async def on_ready():
    print(f"logged in as {client.user}")


@client.event
async def on_message(message):
    if message.author.bot:
        return
    parts = message.content.split()
    if not parts:
        return
    handler = COMMANDS.get(parts[0].lower())
    if handler:
        await handler(message, parts[1:])


if __name__ == "__main__":
    client.run(os.environ["DISCORD_BOT_TOKEN"])
