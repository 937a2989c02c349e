#!/usr/bin/env python3
"""chatbot - a tiny command bot whose commands live in ./commands/*.py.

Each command file is executed in its own namespace and must define
`trigger` (a string such as "!roll") and `handle(args) -> str`.
"""
import os
import shlex
import sys

COMMAND_DIR = "commands"


class Command:
    def __init__(self, path, namespace):
        self.path = path
        self.trigger = namespace["trigger"]
        self.handle = namespace["handle"]
        self.help = namespace.get("help", "")


def load_command(path):
    with open(path, encoding="utf-8") as fh:
        source = fh.read()
    namespace = {"__name__": "command", "__file__": path}
    exec(compile(source, path, "exec"), namespace)
    if "trigger" not in namespace or not callable(namespace.get("handle")):
        raise ValueError(f"{path}: needs trigger and handle()")
    return Command(path, namespace)


def load_all(directory=COMMAND_DIR):
    commands = {}
    if not os.path.isdir(directory):
        return commands
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".py") or name.startswith("_"):
            continue
        try:
            cmd = load_command(os.path.join(directory, name))
        except Exception as exc:
            print(f"skipping {name}: {exc}", file=sys.stderr)
            continue
        commands[cmd.trigger] = cmd
    return commands


def respond(commands, line):
    try:
        words = shlex.split(line)
    except ValueError:
        return "unbalanced quotes"
    if not words:
        return ""
    if words[0] == "!help":
        return "\n".join(f"{t:<10} {c.help}" for t, c in sorted(commands.items()))
    cmd = commands.get(words[0])
    if cmd is None:
        return f"unknown command {words[0]}; try !help"
    try:
        return str(cmd.handle(words[1:]))
    except Exception as exc:
        return f"{words[0]} failed: {exc}"


def main():
    commands = load_all()
    print(f"loaded {len(commands)} commands; type !help")
    for line in sys.stdin:
        line = line.strip()
        if line == "!reload":
            commands = load_all()
            print(f"reloaded {len(commands)} commands")
            continue
        reply = respond(commands, line)
        if reply:
            print(reply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
