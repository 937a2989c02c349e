def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import socket
srv = socket.socket()
srv.bind(("127.0.0.1", 8000))
srv.listen(1)
c, a = srv.accept()
c.sendall(b"hi")
