#!/usr/bin/env python3

import socket
srv = socket.socket()
srv.bind(("127.0.0.1", 8000))
srv.listen(1)
c, a = srv.accept()
c.sendall(b"hi")
