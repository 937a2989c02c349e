
import requests
r = requests.get("https://example.com/data.csv")
open("data.csv", "wb").write(r.content)
