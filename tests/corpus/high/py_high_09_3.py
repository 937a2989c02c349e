#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import subprocess
subprocess.check_call("sudo mount /dev/sdb1 /mnt", shell=True)
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
