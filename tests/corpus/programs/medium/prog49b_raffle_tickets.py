# raffle ticket maker for the school fundraiser
# makes ticket codes, stores them, and lets the admin check if a code is real
import random
import hashlib
import csv
import os
import sys
import string

TICKETS_CSV = "tickets.csv"
ADMIN_HASH = "5f4dcc3b5aa765d61d8327deb882cf99"  # md5 of the admin password
CODE_LEN = 8
how_many = 50

if len(sys.argv) > 1:
    try:
        how_many = int(sys.argv[1])
    except:
        print("bad number, using 50")

pw = input("admin password: ")
if hashlib.md5(pw.encode()).hexdigest() != ADMIN_HASH:
    print("wrong password")
    sys.exit(1)
print("DEBUG admin ok")

existing = {}
if os.path.exists(TICKETS_CSV):
    try:
        f = open(TICKETS_CSV)
        r = csv.reader(f)
        for row in r:
            if len(row) == 3:
                existing[row[1]] = row
        f.close()
    except:
        print("couldnt read old tickets")
print("DEBUG", len(existing), "tickets already")

mode = input("(m)ake tickets or (c)heck a code? ").strip().lower()

if mode == "m":
    seed_text = input("seed (leave empty for time): ")
    if seed_text:
        random.seed(seed_text)
    chars = string.ascii_uppercase + string.digits
    new = []
    n = 0
    while n < how_many:
        code = ""
        for i in range(CODE_LEN):
            code = code + random.choice(chars)
        # only store the sha1 so nobody can copy codes from the file
        h = hashlib.sha1(code.encode()).hexdigest()
        if h in existing:
            continue
        number = str(len(existing) + 1).zfill(4)
        existing[h] = [number, h, "unclaimed"]
        new.append((number, code))
        n = n + 1
    f = open(TICKETS_CSV, "w", newline="")
    w = csv.writer(f)
    for h in existing:
        w.writerow(existing[h])
    f.close()
    out = open("print_these.txt", "w")
    for number, code in new:
        out.write("TICKET #" + number + "   CODE: " + code + "\n")
    out.close()
    print("made", len(new), "tickets, see print_these.txt")

elif mode == "c":
    code = input("code: ").strip().upper()
    h = hashlib.sha1(code.encode()).hexdigest()
    if h in existing:
        row = existing[h]
        print("valid ticket #" + row[0], "status:", row[2])
        if row[2] == "unclaimed":
            yn = input("mark as claimed? y/n ")
            if yn == "y":
                row[2] = "claimed"
                f = open(TICKETS_CSV, "w", newline="")
                w = csv.writer(f)
                for k in existing:
                    w.writerow(existing[k])
                f.close()
                print("marked")
    else:
        print("NOT A REAL TICKET")
else:
    print("??")
