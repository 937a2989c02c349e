import socket
s = socket.socket()
s.bind(("0.0.0.0", 8080))
s.listen(5)
while True:
    c, a = s.accept()
    c.sendall(b"HTTP/1.0 200 OK\r\n\r\nhi")
    c.close()
