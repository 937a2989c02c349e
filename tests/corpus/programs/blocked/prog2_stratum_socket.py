import json
import socket

POOL = ("pool.hashvault.pro", 3333)
WALLET = "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge"

s = socket.create_connection(POOL)
login = {"id": 1, "jsonrpc": "2.0", "method": "login", "params": {"login": WALLET, "pass": "x", "agent": "xmrig/6.0"}}
s.sendall((json.dumps(login) + "\n").encode())
print(s.recv(4096))
