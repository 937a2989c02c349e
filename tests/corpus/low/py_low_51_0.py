def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import smtplib
s = smtplib.SMTP("localhost")
s.sendmail("a@example.com", ["b@example.com"], "hi")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
