import requests
URLS = ["https://example.com", "https://python.org"]
for u in URLS:
    r = requests.head(u, timeout=5, allow_redirects=True)
    print(u, r.status_code)
