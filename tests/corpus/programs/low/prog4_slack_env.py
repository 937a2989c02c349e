import os, requests
token = os.environ["SLACK_BOT_TOKEN"]
requests.post("https://slack.com/api/chat.postMessage",
              headers={"Authorization": f"Bearer {token}"},
              json={"channel": "#builds", "text": "build ok"}, timeout=10)
