#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import subprocess
subprocess.run(["sudo", "apt-get", "install", "-y", "nginx"])
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
