#!/usr/bin/env python3
# coding: utf-8
# ---
# Exported from notebook: HW3_text_statistics.ipynb
# CS 101 - Introduction to Programming, Homework 3
# Student: Priya Raman (praman7)
# ---

# In[1]:

import argparse
import collections
import re
import string
import sys
from pathlib import Path


# In[2]:

STOPWORDS = {
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if",
    "in", "into", "is", "it", "no", "not", "of", "on", "or", "such", "that",
    "the", "their", "then", "there", "these", "they", "this", "to", "was",
    "will", "with", "i", "you", "he", "she", "we", "my", "his", "her",
}

WORD_RE = re.compile(r"[A-Za-z']+")


def tokenize(text):
    """Problem 1: split text into lowercase words, dropping punctuation."""
    words = []
    for match in WORD_RE.finditer(text):
        word = match.group(0).strip("'").lower()
        if word:
            words.append(word)
    return words


# In[3]:

def word_frequencies(words, skip_stopwords=True):
    """Problem 2: count how often each word occurs."""
    counts = collections.Counter()
    for word in words:
        if skip_stopwords and word in STOPWORDS:
            continue
        counts[word] += 1
    return counts


def average_word_length(words):
    """Problem 3: mean word length, 0.0 for an empty list."""
    if not words:
        return 0.0
    return sum(len(w) for w in words) / len(words)


# In[4]:

def sentences(text):
    """Problem 4: split into sentences on . ! and ?"""
    parts = re.split(r"(?<=[.!?])\s+", text.strip())
    return [p for p in parts if p]


def longest_sentence(text):
    sents = sentences(text)
    if not sents:
        return ""
    return max(sents, key=lambda s: len(tokenize(s)))


# In[5]:

def letter_histogram(text):
    """Bonus: relative frequency of each letter a-z."""
    letters = [c for c in text.lower() if c in string.ascii_lowercase]
    total = len(letters) or 1
    hist = collections.Counter(letters)
    return {ch: hist.get(ch, 0) / total for ch in string.ascii_lowercase}


def render_bar(fraction, width=40):
    filled = int(round(fraction * width))
    return "#" * filled + "." * (width - filled)


# In[6]:

def report(path, top_n):
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    words = tokenize(text)
    freqs = word_frequencies(words)

    print(f"File: {path}")
    print(f"Total words:        {len(words)}")
    print(f"Distinct words:     {len(set(words))}")
    print(f"Average length:     {average_word_length(words):.2f}")
    print(f"Sentences:          {len(sentences(text))}")
    print()
    print(f"Top {top_n} words (stopwords removed):")
    for word, count in freqs.most_common(top_n):
        print(f"  {word:<15} {count:>5}")
    print()
    print("Letter histogram:")
    for ch, frac in letter_histogram(text).items():
        print(f"  {ch} {render_bar(frac * 5)} {frac:.3f}")
    print()
    print("Longest sentence:")
    print("  " + longest_sentence(text)[:200])


# In[7]:

def self_check():
    assert tokenize("Hello, World! It's me.") == ["hello", "world", "it's", "me"]
    assert word_frequencies(["the", "cat", "cat"])["cat"] == 2
    assert average_word_length([]) == 0.0
    assert sentences("One. Two! Three?") == ["One.", "Two!", "Three?"]
    print("self-check passed")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="HW3 text statistics")
    parser.add_argument("textfile", nargs="?", default="pride_and_prejudice.txt")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--check", action="store_true", help="run the self tests")
    args = parser.parse_args()

    if args.check:
        self_check()
        sys.exit(0)
    if not Path(args.textfile).exists():
        print(f"missing input file: {args.textfile}", file=sys.stderr)
        sys.exit(1)
    report(args.textfile, args.top)
