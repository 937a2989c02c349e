
import multiprocessing
p = multiprocessing.Process(target=print, args=("x",))
p.start()
p.join()
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
