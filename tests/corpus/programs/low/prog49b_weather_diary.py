# weather diary - saves the weather for my cities every time I run it
# get a free key from openweathermap and do: export OWM_API_KEY=xxxx
import os
import sys
import json
import csv
import datetime
import urllib.request
import urllib.parse

API_KEY = os.environ.get("OWM_API_KEY")
BASE = "https://api.openweathermap.org/data/2.5/weather"
DIARY = "weather_diary.csv"
UNITS = "metric"

if API_KEY == None:
    print("set OWM_API_KEY first!!!")
    sys.exit(1)

print("key starts with", API_KEY[:3] + "...")  # debug

today = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
rows = []

# city 1
try:
    q = urllib.parse.urlencode({"q": "London", "appid": API_KEY, "units": UNITS})
    resp = urllib.request.urlopen(BASE + "?" + q, timeout=10)
    d = json.loads(resp.read().decode("utf-8"))
    print(d)
    rows.append([today, "London", d["main"]["temp"], d["main"]["humidity"], d["weather"][0]["description"]])
except:
    print("London failed")

# city 2 (copy of above)
try:
    q = urllib.parse.urlencode({"q": "Manchester", "appid": API_KEY, "units": UNITS})
    resp = urllib.request.urlopen(BASE + "?" + q, timeout=10)
    d = json.loads(resp.read().decode("utf-8"))
    print(d)
    rows.append([today, "Manchester", d["main"]["temp"], d["main"]["humidity"], d["weather"][0]["description"]])
except:
    print("Manchester failed")

# city 3 (copy of above again)
try:
    q = urllib.parse.urlencode({"q": "Edinburgh", "appid": API_KEY, "units": UNITS})
    resp = urllib.request.urlopen(BASE + "?" + q, timeout=10)
    d = json.loads(resp.read().decode("utf-8"))
    print(d)
    rows.append([today, "Edinburgh", d["main"]["temp"], d["main"]["humidity"], d["weather"][0]["description"]])
except:
    print("Edinburgh failed")

if len(rows) == 0:
    print("got nothing, is the internet down?")
    sys.exit(1)

new_file = not os.path.exists(DIARY)
try:
    f = open(DIARY, "a", newline="")
    w = csv.writer(f)
    if new_file:
        w.writerow(["when", "city", "temp_c", "humidity", "sky"])
    for r in rows:
        w.writerow(r)
    f.close()
    print("saved", len(rows), "rows to", DIARY)
except:
    print("could not write diary file")

# show the warmest city
warmest = None
for r in rows:
    if warmest == None or r[2] > warmest[2]:
        warmest = r
print("warmest right now:", warmest[1], warmest[2], "C", "(" + warmest[4] + ")")

# little ascii bar chart
for r in rows:
    bar = "#" * int(max(0, r[2]))
    print(r[1].ljust(12), bar, r[2])
