# container janitor - deletes old stopped docker containers
# I couldnt get the docker python package to install so this talks to the socket directly
import socket
import json
import sys
import time

SOCK = "/var/run/docker.sock"
MAX_AGE_HOURS = 24
DRY_RUN = False
if "--dry" in sys.argv:
    DRY_RUN = True

removed = 0
kept = 0
errors = 0

def ask(method, path):
    # very basic http over the unix socket
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(SOCK)
    req = method + " " + path + " HTTP/1.0\r\nHost: docker\r\n\r\n"
    s.sendall(req.encode())
    data = b""
    while True:
        chunk = s.recv(4096)
        if not chunk:
            break
        data = data + chunk
    s.close()
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    return status, body

print("DEBUG dry run =", DRY_RUN)

try:
    status, body = ask("GET", "/v1.41/containers/json?all=1")
except:
    print("could not talk to docker, is it running? are you in the docker group?")
    sys.exit(1)

print("DEBUG status", status)
containers = json.loads(body)
print("found", len(containers), "containers")

now = time.time()
for c in containers:
    name = c["Names"][0].lstrip("/")
    state = c["State"]
    age_h = (now - c["Created"]) / 3600
    print("DEBUG", name, state, round(age_h, 1), "hours")
    if state != "exited" and state != "dead":
        kept = kept + 1
        continue
    if age_h < MAX_AGE_HOURS:
        print("  keeping", name, "(too new)")
        kept = kept + 1
        continue
    if "keep" in c.get("Labels", {}):
        print("  keeping", name, "(has keep label)")
        kept = kept + 1
        continue
    if DRY_RUN:
        print("  would remove", name)
        continue
    try:
        st, b = ask("DELETE", "/v1.41/containers/" + c["Id"] + "?v=1")
        if st == 204:
            print("  removed", name)
            removed = removed + 1
        else:
            print("  failed", name, st, b[:100])
            errors = errors + 1
    except:
        print("  error removing", name)
        errors = errors + 1

# dangling images too
try:
    st, b = ask("POST", "/v1.41/images/prune?filters=%7B%22dangling%22%3A%5B%22true%22%5D%7D")
    info = json.loads(b)
    print("pruned images, reclaimed", info.get("SpaceReclaimed", 0) // 1024 // 1024, "MB")
except:
    print("image prune failed")

print("removed:", removed, "kept:", kept, "errors:", errors)
