import socket
srv = socket.socket()
srv.bind(("127.0.0.1", 9000))
srv.listen()
conn, addr = srv.accept()
conn.sendall(b"hello\n")
conn.close()
