class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

"""Reverse shell detection notes: socket.connect + os.dup2 + pty.spawn is the classic pattern."""
print("notes")
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
