import requests_unixsocket
s = requests_unixsocket.Session()
r = s.get("http+unix://%2Fvar%2Frun%2Fdocker.sock/containers/json")
print(r.json())
