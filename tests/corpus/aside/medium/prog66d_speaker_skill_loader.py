#!/usr/bin/env python3
"""Skill host for a home-made smart speaker.

Skills are plain Python files in the skills directory. Each file defines
functions and calls ``register(pattern, handler)`` at import time; the host
feeds it the recognised utterance and speaks whatever the handler returns.

    $ prog66d_speaker_skill_loader.py --skills ./skills "what time is it"
    $ prog66d_speaker_skill_loader.py --list

A skill file has access to ``register``, ``config`` (its section of
skills.json) and ``log``.
"""

import argparse
import json
import logging
import re
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, List, Optional

log = logging.getLogger("skillhost")


@dataclass
class Intent:
    pattern: re.Pattern
    handler: Callable
    skill: str
    priority: int = 0


@dataclass
class SkillHost:
    skills_dir: Path
    settings: dict = field(default_factory=dict)
    intents: List[Intent] = field(default_factory=list)
    loaded: dict = field(default_factory=dict)

    def _namespace_for(self, name):
        def register(pattern, handler=None, priority=0):
            def attach(fn):
                self.intents.append(Intent(re.compile(pattern, re.I), fn, name, priority))
                return fn
            return attach(handler) if handler else attach

        module = types.ModuleType(f"skills.{name}")
        module.__dict__.update({
            "register": register,
            "config": self.settings.get(name, {}),
            "log": logging.getLogger(f"skill.{name}"),
        })
        return module

    def install_source(self, name, source, origin):
        module = self._namespace_for(name)
        code = compile(source, origin, "exec")
        exec(code, module.__dict__)
        self.loaded[name] = module
        log.info("loaded skill %s from %s", name, origin)

    def load_local(self):
        if not self.skills_dir.is_dir():
            log.warning("skills directory %s does not exist", self.skills_dir)
            return
        for path in sorted(self.skills_dir.glob("*.py")):
            if path.name.startswith("_"):
                continue
            name = path.stem
            if self.settings.get(name, {}).get("enabled") is False:
                log.debug("skill %s disabled in settings", name)
                continue
            try:
                self.install_source(name, path.read_text(encoding="utf-8"), str(path))
            except Exception:
                log.exception("skill %s failed to load", name)
        self.intents.sort(key=lambda i: -i.priority)

    def handle(self, utterance) -> Optional[str]:
        text = utterance.strip()
        for intent in self.intents:
            match = intent.pattern.search(text)
            if not match:
                continue
            try:
                reply = intent.handler(text, **match.groupdict())
            except Exception:
                log.exception("skill %s crashed on %r", intent.skill, text)
                return "Sorry, that skill ran into a problem."
            return None if reply is None else str(reply)
        return None


def speak(text, use_tts=True):
    print(text)
    if not use_tts:
        return
    try:
        import pyttsx3
    except ImportError:
        return
    engine = pyttsx3.init()
    engine.setProperty("rate", 165)
    engine.say(text)
    engine.runAndWait()


def load_settings(path):
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    except json.JSONDecodeError as exc:
        log.error("bad settings file %s: %s", path, exc)
        return {}


def main(argv=None):
    ap = argparse.ArgumentParser(description="smart speaker skill host")
    ap.add_argument("utterance", nargs="*", help="recognised text to handle")
    ap.add_argument("--skills", type=Path, default=Path("./skills"))
    ap.add_argument("--settings", type=Path, default=Path("./skills.json"))
    ap.add_argument("--list", action="store_true", help="list loaded intents")
    ap.add_argument("--no-tts", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    host = SkillHost(args.skills, load_settings(args.settings))
    host.load_local()

    if args.list:
        for intent in host.intents:
            print(f"{intent.skill:20} {intent.priority:3} {intent.pattern.pattern}")
        return 0

    if args.utterance:
        lines = [" ".join(args.utterance)]
    else:
        lines = (line for line in sys.stdin)
    for line in lines:
        if not line.strip():
            continue
        reply = host.handle(line)
        speak(reply or "I don't know how to help with that yet.", not args.no_tts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
