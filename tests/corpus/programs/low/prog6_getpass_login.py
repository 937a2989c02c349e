import getpass, requests
user = input("user: ")
pw = getpass.getpass("password: ")
r = requests.post("https://auth.example.com/login", json={"user": user, "password": pw}, timeout=10)
print(r.status_code)
