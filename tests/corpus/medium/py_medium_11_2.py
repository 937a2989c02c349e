#!/usr/bin/env python3

import shutil
shutil.rmtree("build", ignore_errors=True)
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
