import os, requests
TOKEN = os.environ["GITHUB_TOKEN"]
S = requests.Session()
S.headers.update({"Authorization": f"token {TOKEN}", "Accept": "application/vnd.github+json"})
def issues(repo):
    page = 1
    while True:
        r = S.get(f"https://api.github.com/repos/{repo}/issues", params={"page": page}, timeout=10)
        r.raise_for_status()
        items = r.json()
        if not items:
            break
        yield from items
        page += 1
for i in issues("octo/repo"):
    print(i["number"], i["title"])
