import ftplib
with ftplib.FTP("ftp.example.com") as ftp:
    ftp.login("user", "pass")
    with open("report.csv", "rb") as f:
        ftp.storbinary("STOR report.csv", f)
