import requests, urllib3
urllib3.disable_warnings()
requests.post("https://10.0.0.7/api/reload", json={"all": True}, verify=False, timeout=5)
