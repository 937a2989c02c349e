import hmac, hashlib, os, time, requests
secret = os.environ["WEBHOOK_SECRET"].encode()
body = b'{"event":"ping"}'
sig = hmac.new(secret, body, hashlib.sha256).hexdigest()
requests.post("https://hooks.example.com/in", data=body, headers={"X-Signature": sig}, timeout=5)
