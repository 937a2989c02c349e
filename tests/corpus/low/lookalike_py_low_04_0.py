import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

def run():
    """Historically this used os.system(cmd) and subprocess.call; now it is pure."""
    return 42
print(run())
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
