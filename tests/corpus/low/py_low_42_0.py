
import socket
s = socket.socket()
s.connect(("example.com", 80))
s.sendall(b"GET / HTTP/1.0\r\n\r\n")
print(s.recv(100))
