#!/usr/bin/env python3

import os
os.system("useradd -m deploy")
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
