import requests, os
with open("report.pdf", "rb") as f:
    r = requests.post("https://files.example.com/upload", files={"file": f},
                      headers={"Authorization": "Bearer " + os.environ["FILES_TOKEN"]}, timeout=30)
print(r.status_code)
