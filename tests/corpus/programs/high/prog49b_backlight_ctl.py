# brightness thing for my laptop because the Fn keys dont work on linux
# type + or - and enter, or a number 0-100. q to quit
import os
import sys
import glob

BASE = "/sys/class/backlight"
STEP = 10

folder = None
for d in glob.glob(BASE + "/*"):
    print("DEBUG found", d)
    if folder == None:
        folder = d
    if "intel" in d or "amdgpu" in d:
        folder = d

if folder == None:
    print("no backlight found :(")
    sys.exit(1)

print("using", folder)

max_b = 100
try:
    f = open(folder + "/max_brightness")
    max_b = int(f.read().strip())
    f.close()
except:
    print("couldnt read max brightness, guessing 100")

cur = 0
try:
    f = open(folder + "/brightness")
    cur = int(f.read().strip())
    f.close()
except:
    print("couldnt read current brightness")

percent = int(cur * 100 / max_b)
print("DEBUG max", max_b, "current", cur, "=", percent, "%")

if len(sys.argv) > 1:
    # one-shot mode: backlight_ctl.py 40
    try:
        percent = int(sys.argv[1])
        value = int(max_b * percent / 100)
        f = open(folder + "/brightness", "w")
        f.write(str(value))
        f.close()
        print("set to", percent, "%")
    except:
        print("failed (need root? try sudo)")
    sys.exit(0)

while True:
    bar = "#" * (percent // 5) + "." * (20 - percent // 5)
    cmd = input("[" + bar + "] " + str(percent) + "% > ").strip()
    if cmd == "q":
        break
    if cmd == "+":
        percent = percent + STEP
    elif cmd == "-":
        percent = percent - STEP
    else:
        try:
            percent = int(cmd)
        except:
            print("type + - a number or q")
            continue
    if percent > 100:
        percent = 100
    if percent < 5:
        percent = 5  # dont go fully black, happened once and I panicked
    value = int(max_b * percent / 100)
    print("DEBUG writing", value)
    try:
        f = open(folder + "/brightness", "w")
        f.write(str(value))
        f.close()
    except:
        print("could not write brightness (need root? try sudo)")

print("bye")
