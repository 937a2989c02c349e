#!/usr/bin/env python3
"""jokebox - tells a joke and hides the punchline until you press Enter.

Punchlines are stored in rot13, the traditional Usenet spoiler encoding, so
reading the source does not spoil them. Add your own with --add.
"""
import argparse
import codecs
import json
import os
import random
import sys

USER_JOKES = "jokes.json"

BUILTIN = [
    ("Why do programmers prefer dark mode?", "Orpnhfr yvtug nggenpgf ohtf."),
    ("How many programmers does it take to change a light bulb?",
     "Abar, gung'f n uneqjner ceboyrz."),
    ("Why did the developer go broke?", "Orpnhfr ur hfrq hc nyy uvf pnpur."),
    ("What is a computer's favourite snack?", "Zvpebpuvcf."),
    ("Why was the JavaScript developer sad?",
     "Orpnhfr ur qvqa'g Abqr ubj gb Rkcerff uvzfrys."),
    ("What do you call a fake noodle?", "Na vzcnfgn."),
    ("Why don't skeletons fight each other?", "Gurl qba'g unir gur thgf."),
]


def reveal(punchline):
    return codecs.decode(punchline, "rot13")


def hide(punchline):
    return codecs.encode(punchline, "rot13")


def load_all():
    jokes = list(BUILTIN)
    if os.path.exists(USER_JOKES):
        with open(USER_JOKES, encoding="utf-8") as fh:
            jokes.extend(tuple(pair) for pair in json.load(fh))
    return jokes


def add_joke(setup, punchline):
    stored = []
    if os.path.exists(USER_JOKES):
        with open(USER_JOKES, encoding="utf-8") as fh:
            stored = json.load(fh)
    stored.append([setup, hide(punchline)])
    with open(USER_JOKES, "w", encoding="utf-8") as fh:
        json.dump(stored, fh, indent=2)
    return len(stored)


def tell(jokes, count, interactive):
    for setup, punch in random.sample(jokes, min(count, len(jokes))):
        print(setup)
        if interactive:
            input("  (press Enter) ")
        print("  " + reveal(punch))
        print()


def main(argv):
    parser = argparse.ArgumentParser(description="tell programmer jokes")
    parser.add_argument("-n", type=int, default=1, help="number of jokes")
    parser.add_argument("--add", nargs=2, metavar=("SETUP", "PUNCHLINE"))
    parser.add_argument("--no-wait", action="store_true")
    args = parser.parse_args(argv)
    if args.add:
        total = add_joke(*args.add)
        print(f"saved; you now have {total} jokes of your own")
        return 0
    tell(load_all(), args.n, interactive=not args.no_wait and sys.stdin.isatty())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
