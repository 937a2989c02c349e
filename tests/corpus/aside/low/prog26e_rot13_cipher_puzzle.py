#!/usr/bin/env python3
"""Cipher Quest: a small terminal puzzle game.

Each round shows a proverb scrambled with ROT13 or a Caesar shift and the
player has to type the plain text back.  User-facing strings come from a
tiny message table that is assembled at start-up for the chosen language.
"""
import codecs
import os
import random
import string
import sys

PROVERBS = [
    "a stitch in time saves nine",
    "the early bird catches the worm",
    "actions speak louder than words",
    "still waters run deep",
    "every cloud has a silver lining",
    "practice makes perfect",
]

BASE_MESSAGES = {
    "title": "Cipher Quest",
    "round": "Round {n} of {total}",
    "prompt": "Your answer: ",
    "right": "Correct!",
    "wrong": "Not quite. It was: {answer}",
    "hint": "Hint: the shift is {shift}",
    "score": "Final score: {score}/{total}",
}

OVERRIDES = {
    "de": {
        "round": "Runde {n} von {total}",
        "prompt": "Deine Antwort: ",
        "right": "Richtig!",
        "wrong": "Leider nicht. Es war: {answer}",
        "hint": "Tipp: die Verschiebung ist {shift}",
        "score": "Endstand: {score}/{total}",
    },
    "fr": {
        "round": "Manche {n} sur {total}",
        "prompt": "Votre reponse : ",
        "right": "Bravo !",
        "wrong": "Pas tout a fait. C'etait : {answer}",
        "hint": "Indice : le decalage est {shift}",
        "score": "Score final : {score}/{total}",
    },
}


def build_messages(lang):
    table = dict(BASE_MESSAGES)
    table.update(OVERRIDES.get(lang, {}))
    return table


def caesar(text, shift):
    lower = string.ascii_lowercase
    shifted = lower[shift:] + lower[:shift]
    return text.translate(str.maketrans(lower, shifted))


def scramble(text, rng):
    if rng.random() < 0.5:
        return codecs.encode(text, "rot13"), 13
    shift = rng.randint(1, 25)
    return caesar(text, shift), shift


def normalise(answer):
    return " ".join(answer.lower().split())


def play(rounds, lang, seed=None):
    msgs = build_messages(lang)
    rng = random.Random(seed)
    puzzles = rng.sample(PROVERBS, k=min(rounds, len(PROVERBS)))
    score = 0
    print(f"== {msgs['title']} ==")
    for n, proverb in enumerate(puzzles, start=1):
        scrambled, shift = scramble(proverb, rng)
        print()
        print(msgs["round"].format(n=n, total=len(puzzles)))
        print("   " + scrambled)
        if n > len(puzzles) // 2:
            print(msgs["hint"].format(shift=shift))
        try:
            answer = input(msgs["prompt"])
        except EOFError:
            break
        if normalise(answer) == proverb:
            print(msgs["right"])
            score += 1
        else:
            print(msgs["wrong"].format(answer=proverb))
    print()
    print(msgs["score"].format(score=score, total=len(puzzles)))
    return score


def main():
    lang = os.environ.get("LANG", "en")[:2]
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    play(rounds, lang)


if __name__ == "__main__":
    main()
