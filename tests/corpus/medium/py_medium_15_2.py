import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import subprocess
subprocess.run(["bash", "-c", "echo $HOME"])
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
