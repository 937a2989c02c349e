
import ftplib
ftp = ftplib.FTP("ftp.example.com")
ftp.login()
