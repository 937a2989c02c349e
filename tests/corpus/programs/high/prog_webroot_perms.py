import os

WEBROOT = "/var/www/html/uploads"

os.makedirs(WEBROOT, exist_ok=True)
os.chmod(WEBROOT, 0o777)
for name in os.listdir(WEBROOT):
    os.chmod(os.path.join(WEBROOT, name), 0o666)
