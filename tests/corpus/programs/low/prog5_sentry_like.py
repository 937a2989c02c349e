import os, platform, sys, traceback, requests
DSN = os.environ.get("ERROR_ENDPOINT", "https://errors.example.com/api/1/store/")
def report(exc):
    payload = {"python": platform.python_version(), "os": platform.system(),
               "trace": "".join(traceback.format_exception(exc))}
    requests.post(DSN, json=payload, timeout=5)
try:
    1 / 0
except Exception as e:
    report(e)
