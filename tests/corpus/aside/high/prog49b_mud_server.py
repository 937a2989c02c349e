# tiny MUD (text adventure) server for me and my friends
# has to start as root to get port 23, then drops to 'nobody' like the guide said
import socket
import threading
import ctypes
import ctypes.util
import time

HOST = "0.0.0.0"
PORT = 23
DROP_UID = 65534
DROP_GID = 65534

rooms = {
    "hall": {"desc": "A dusty hall. Exits: north, east.", "north": "library", "east": "kitchen"},
    "library": {"desc": "Books everywhere. Exits: south.", "south": "hall"},
    "kitchen": {"desc": "It smells of old soup. Exits: west.", "west": "hall"},
}
players = {}
lock = threading.Lock()

def broadcast(msg, skip=None):
    lock.acquire()
    for c in list(players):
        if c is not skip:
            try:
                c.sendall((msg + "\r\n").encode())
            except:
                pass
    lock.release()

def handle(conn, addr):
    conn.sendall(b"Welcome to KettleMUD! What is your name? ")
    try:
        name = conn.recv(64).decode(errors="ignore").strip() or "stranger"
    except:
        conn.close()
        return
    lock.acquire()
    players[conn] = {"name": name, "room": "hall"}
    lock.release()
    print("DEBUG", name, "joined from", addr)
    broadcast(name + " has arrived.", conn)
    conn.sendall((rooms["hall"]["desc"] + "\r\n> ").encode())
    while True:
        try:
            data = conn.recv(256)
        except:
            break
        if not data:
            break
        cmd = data.decode(errors="ignore").strip().lower()
        me = players[conn]
        if cmd == "quit":
            break
        elif cmd == "look":
            conn.sendall((rooms[me["room"]]["desc"] + "\r\n").encode())
        elif cmd in ("north", "south", "east", "west"):
            if cmd in rooms[me["room"]]:
                me["room"] = rooms[me["room"]][cmd]
                conn.sendall((rooms[me["room"]]["desc"] + "\r\n").encode())
            else:
                conn.sendall(b"You cant go that way.\r\n")
        elif cmd.startswith("say "):
            broadcast(me["name"] + " says: " + cmd[4:], conn)
        elif cmd == "who":
            names = [p["name"] for p in players.values()]
            conn.sendall(("Online: " + ", ".join(names) + "\r\n").encode())
        else:
            conn.sendall(b"Huh?\r\n")
        conn.sendall(b"> ")
    lock.acquire()
    players.pop(conn, None)
    lock.release()
    broadcast(name + " has left.")
    conn.close()

srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind((HOST, PORT))
srv.listen(10)
print("DEBUG listening on", HOST, PORT)

# drop root now that we have the port (os.setuid didnt work on my old python so ctypes)
libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
if libc.setgroups(0, None) != 0:
    print("setgroups failed, errno", ctypes.get_errno())
if libc.setgid(DROP_GID) != 0:
    print("setgid failed, errno", ctypes.get_errno())
if libc.setuid(DROP_UID) != 0:
    print("setuid failed, errno", ctypes.get_errno())
print("DEBUG now running as uid", libc.getuid())

while True:
    try:
        conn, addr = srv.accept()
        t = threading.Thread(target=handle, args=(conn, addr))
        t.daemon = True
        t.start()
    except KeyboardInterrupt:
        break
    except:
        print("accept error")
        time.sleep(1)
srv.close()
