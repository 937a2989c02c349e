import socket
for host in ["example.com", "python.org"]:
    print(host, socket.gethostbyname(host))
