import os, requests
requests.post(os.environ["DISCORD_WEBHOOK"], json={"content": "deploy finished: v1.4.2"}, timeout=5)
